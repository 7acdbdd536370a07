'use client'

import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { signIn } from '@/lib/actions/sign-in'
import { signUp } from '@/lib/actions/sign-up'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { CredentialFields } from './credential-fields'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import type { AuthMode } from '@/lib/auth/auth-mode'
import { ResendConfirmation } from './resend-confirmation'
import { TryDemoButton } from './try-demo-button'

export function AuthForm({ next, initialMode, notice }: { next: string; initialMode: AuthMode; notice?: string }) {
  const router = useRouter()
  const [mode, setMode] = useState<AuthMode>(initialMode)
  const isSignUp = mode === 'sign-up'

  function goOn() {
    router.replace(next)
    router.refresh()
  }
  const signInForm = useServerForm(signIn, {
    errorTitle: 'Error',
    onSuccess: () => {
      toast.success('Welcome back!', { description: "You've successfully logged in." })
      goOn()
    },
  })
  const signUpForm = useServerForm(signUp, {
    errorTitle: 'Error',
    onSuccess: ({ confirmEmail, message }) => {
      // A project that requires confirmation: no session until the emailed link is followed.
      if (confirmEmail) return void toast.success('Account created!', { description: message })
      toast.success('Account created!', { description: "Welcome to ShelfSnap. Let's set up your shop." })
      goOn()
    },
  })
  const { state, pending, formProps } = isSignUp ? signUpForm : signInForm
  const errors = state.fieldErrors ?? {}

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">
          <h1>{isSignUp ? 'Get Started' : 'Welcome Back'}</h1>
        </CardTitle>
        <CardDescription>
          {isSignUp ? 'Create your ShelfSnap account' : 'Sign in to your ShelfSnap account'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {notice && (
          <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive">
            {notice}
          </p>
        )}
        {state.confirmEmail && <ResendConfirmation email={state.confirmEmail} message={state.message ?? ''} />}
        {/* noValidate: the spec's own messages (from the server) instead of the browser's bubbles. */}
        <form key={mode} {...formProps} noValidate className="grid gap-2">
          {isSignUp && (
            <FormField id="fullName" name="fullName" label="Full Name" autoComplete="name" errors={errors.fullName} />
          )}
          <CredentialFields state={state} pending={pending} newPassword={isSignUp} submitLabel={isSignUp ? 'Sign Up' : 'Sign In'} />
        </form>
        {!isSignUp && (
          <Link href="/auth/forgot-password" className="justify-self-center text-sm underline underline-offset-4">
            Forgot password?
          </Link>
        )}
        <p className="text-center text-sm text-muted-foreground">
          {isSignUp ? 'Already have an account?' : "Don't have an account?"}{' '}
          <Button type="button" variant="link" className="px-1" onClick={() => setMode(isSignUp ? 'sign-in' : 'sign-up')}>
            {isSignUp ? 'Sign in' : 'Sign up'}
          </Button>
        </p>
        <div className="grid gap-2 border-t pt-4 text-center">
          <p className="text-sm text-muted-foreground">Just looking? Explore a sample shop of your own, no email needed.</p>
          <TryDemoButton destination="/app/products" />
        </div>
      </CardContent>
    </Card>
  )
}
