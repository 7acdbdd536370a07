'use client'

import { Mail } from 'lucide-react'
import { toast } from 'sonner'
import { emailReport } from '@/lib/actions/email-report'
import type { PeriodRequest } from '@/lib/reports/period'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

/** "Email me": the report on screen, to the owner's own address. */
export function EmailReportButton({ request }: { request: PeriodRequest }) {
  const { pending, formProps } = useServerForm(emailReport, {
    errorTitle: 'Could not email the report',
    onSuccess: (state) => toast.success('Report emailed', { description: state.message }),
  })
  return (
    <form {...formProps}>
      <input type="hidden" name="range" value={request.range} />
      {request.range === 'custom' && (
        <>
          <input type="hidden" name="from" value={request.from} />
          <input type="hidden" name="to" value={request.to} />
        </>
      )}
      <Button type="submit" variant="outline" disabled={pending}>
        <Mail aria-hidden="true" />
        {pending ? 'Sending...' : 'Email me'}
      </Button>
    </form>
  )
}
