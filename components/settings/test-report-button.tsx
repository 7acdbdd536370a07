'use client'

import { toast } from 'sonner'
import { sendTestReportNow } from '@/lib/actions/delivery-settings-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

export function TestReportButton() {
  const { pending, formProps } = useServerForm(sendTestReportNow, {
    errorTitle: 'Test report not sent',
    onSuccess: ({ message }) => toast.success('Test report sent', { description: message }),
  })
  return (
    <form {...formProps}>
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending...' : 'Send test report now'}
      </Button>
    </form>
  )
}
