import { describe, expect, it } from 'vitest'
import { DEFAULT_PORT, PUBLISHABLE_KEY, SECRET_KEY } from '../../supabase/local/config.ts'
import { devEnv } from './dev-env.ts'

describe('devEnv', () => {
  it('sets SITE_URL to the dev server, on its port, so that scheduled reports are sent with links that answer', () => {
    expect(devEnv({}).SITE_URL).toBe('http://localhost:3000')
    expect(devEnv({ PORT: '3950' }).SITE_URL).toBe('http://localhost:3950')
  })

  it('keeps what .env.local sets', () => {
    const env = devEnv({ SITE_URL: 'https://shop.example', NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', CRON_SECRET: 'kept' })
    expect(env).toMatchObject({ SITE_URL: 'https://shop.example', NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', CRON_SECRET: 'kept' })
  })

  it("points the app at the local stack with the CLI's keys, on SUPABASE_LOCAL_PORT when set, with a cron secret of its own", () => {
    const env = devEnv({})
    expect(env).toMatchObject({ NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${DEFAULT_PORT}`, NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY, SUPABASE_SECRET_KEY: SECRET_KEY })
    expect(devEnv({ SUPABASE_LOCAL_PORT: '55321' }).NEXT_PUBLIC_SUPABASE_URL).toBe('http://127.0.0.1:55321')
    expect(env.CRON_SECRET).toMatch(/^[0-9a-f]{48}$/)
  })
})
