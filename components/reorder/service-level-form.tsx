'use client'

import { toast } from 'sonner'
import { setServiceLevel } from '@/lib/actions/reorder-actions'
import { SERVICE_LEVELS, serviceLevelLabel } from '@/lib/reorder/service-levels'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'

/** How often stock should last until a delivery arrives: more means more safety stock. */
export function ServiceLevelForm({ level }: { level: number }) {
  const { pending, formProps } = useServerForm(setServiceLevel, {
    errorTitle: 'Could not change the service level',
    onSuccess: () => toast.success('Service level saved', { description: 'The suggestions below use it.' }),
  })
  return (
    <form {...formProps} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor="service-level">Stock should last until the delivery</Label>
        <select id="service-level" name="service_level" defaultValue={String(level)} className="min-h-11 rounded-md border border-input bg-background px-3 text-base md:text-sm">
          {SERVICE_LEVELS.map((option) => (
            <option key={option} value={option}>
              {serviceLevelLabel(option)} of the time
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" disabled={pending}>
        {pending ? 'Saving...' : 'Apply'}
      </Button>
    </form>
  )
}
