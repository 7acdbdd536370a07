'use client'

import { toast } from 'sonner'
import { saveTeamSettings } from '@/lib/actions/delivery-settings-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'
import { SettingBox } from './setting-box'

/** What the owner lets staff do. */
export function TeamSettingsForm({ staffCanConfirm }: { staffCanConfirm: boolean }) {
  const { pending, formProps } = useServerForm(saveTeamSettings, {
    errorTitle: 'Could not save the team settings',
    onSuccess: ({ message }) => toast.success(message ?? 'Saved'),
  })
  return (
    <form {...formProps} className="grid gap-4">
      <SettingBox
        name="staff_can_confirm"
        label="Staff can confirm stocktakes"
        hint={(on) => (on ? 'Staff confirm the stocktakes they review: the counts go into the stock ledger.' : 'Staff review stocktakes; you or a manager confirm them.')}
        defaultChecked={staffCanConfirm}
      />
      <Button type="submit" disabled={pending} className="justify-self-start">
        {pending ? 'Saving...' : 'Save team settings'}
      </Button>
    </form>
  )
}
