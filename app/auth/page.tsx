import type { Metadata } from 'next'
import { AuthForm } from '@/components/auth/auth-form'
import { parseAuthMode } from '@/lib/auth/auth-mode'
import { safeNextPath } from '@/lib/auth/next-path'
import { SESSION_ENDED_NOTICE } from '@/lib/auth/no-shop'

type SearchParams = Promise<{ next?: string | string[]; mode?: string | string[]; link?: string | string[]; session?: string | string[] }>

// An invitation's link opened twice, its password never chosen, lands here too: Forgot password? sets one.
const EXPIRED_LINK = 'That link has expired or was already used. Sign in, or ask for a new one below. Invited and no password yet? Use "Forgot password?".'

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: parseAuthMode((await searchParams).mode) === 'sign-up' ? 'Sign up' : 'Sign in' }
}

export default async function AuthPage({ searchParams }: { searchParams: SearchParams }) {
  const { next, mode, link, session } = await searchParams
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <AuthForm
        next={safeNextPath(typeof next === 'string' ? next : null)}
        initialMode={parseAuthMode(mode)}
        notice={link === 'expired' ? EXPIRED_LINK : session === 'ended' ? SESSION_ENDED_NOTICE : undefined}
      />
    </main>
  )
}
