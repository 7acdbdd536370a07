'use client'

import { useState, useTransition } from 'react'
import { ShieldCheck } from 'lucide-react'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { confirmTwoFactor, startTwoFactor, turnOffTwoFactor, type TwoFactorEnrolment } from '@/lib/actions/two-factor-actions'
import { formatDateTime } from '@/lib/format/date-time'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'
import { CodeField } from './code-field'

export interface Authenticator {
  id: string
  name: string
  since: string
}

interface Props {
  authenticators: Authenticator[]
  timeZone: string
}

/** Turning two-factor sign-in on (QR code or key, then a first code), adding a second phone, and turning it off. */
export function TwoFactorSetting({ authenticators, timeZone }: Props) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null)
  const [starting, startTransition] = useTransition()
  const confirm = useServerForm(confirmTwoFactor, {
    errorTitle: 'Code not accepted',
    onSuccess: ({ message }) => {
      toast.success('Two-factor sign-in is on', { description: message })
      setEnrolment(null)
    },
  })
  function start() {
    startTransition(async () => {
      const result = await startTwoFactor(initialActionState, new FormData()).catch(() => null)
      if (result?.ok) setEnrolment(result)
      else toast.error('Two-factor sign-in not started', { description: result?.message ?? "ShelfSnap couldn't be reached. Try again." })
    })
  }
  function turnOff(factor: Authenticator) {
    startTransition(async () => {
      const data = new FormData()
      data.set('factorId', factor.id)
      const result = await turnOffTwoFactor(initialActionState, data).catch(() => null)
      if (result?.ok) toast.success(`${factor.name} removed`, { description: authenticators.length === 1 ? result.message : 'Your other authenticator still works.' })
      else toast.error('Not removed', { description: result?.message ?? "ShelfSnap couldn't be reached. Try again." })
    })
  }

  return (
    <div className="grid gap-4 text-sm">
      {authenticators.length === 0 ? (
        <p className="text-muted-foreground">
          Off. With it on, signing in needs your password and a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft
          Authenticator, 1Password and others), so a stolen password alone opens nothing.
        </p>
      ) : (
        <ul aria-label="Authenticators" className="grid gap-2">
          {authenticators.map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2">
              <span className="flex items-center gap-2">
                <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
                {factor.name}, added {formatDateTime(factor.since, timeZone)}
              </span>
              <Button variant="outline" size="sm" disabled={starting} onClick={() => turnOff(factor)}>
                Remove {factor.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {enrolment?.ok ? (
        <div className="grid gap-3 rounded-lg border p-3">
          <p>Scan this code with your authenticator app, then type the 6-digit code it shows.</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL the server made; nothing to optimise */}
          <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={180} height={180} className="rounded bg-white p-2" />
          <p>
            Can&apos;t scan it? Enter this key in the app: <code className="rounded bg-muted px-1 font-mono break-all">{enrolment.secret}</code>
          </p>
          <form {...confirm.formProps} noValidate className="grid gap-2 sm:max-w-xs">
            <input type="hidden" name="factorId" value={enrolment.factorId} />
            <CodeField errors={confirm.state.fieldErrors?.code} />
            <div className="flex gap-2">
              <Button type="submit" disabled={confirm.pending}>
                {confirm.pending ? 'Checking…' : 'Turn on'}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setEnrolment(null)}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <Button variant={authenticators.length ? 'outline' : 'default'} className="justify-self-start" disabled={starting} onClick={start}>
          {authenticators.length ? 'Add another phone' : 'Turn on two-factor sign-in'}
        </Button>
      )}
    </div>
  )
}
