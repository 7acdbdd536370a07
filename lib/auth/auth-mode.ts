// /auth shows sign-in by default and sign-up with ?mode=sign-up: where every
// signed-out call to action points, keeping where the visitor was going.
export type AuthMode = 'sign-in' | 'sign-up'

export function parseAuthMode(mode: string | string[] | undefined): AuthMode {
  return mode === 'sign-up' ? 'sign-up' : 'sign-in'
}

export function signUpHref(next: string): string {
  return `/auth?${new URLSearchParams({ mode: 'sign-up', next })}`
}
