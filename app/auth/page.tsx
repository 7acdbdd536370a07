import type { Metadata } from 'next'
import { AuthForm } from '@/components/auth/auth-form'
import { safeNextPath } from '@/lib/auth/next-path'

export const metadata: Metadata = { title: 'Sign in' }

export default async function AuthPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <AuthForm next={safeNextPath(typeof next === 'string' ? next : null)} />
    </main>
  )
}
