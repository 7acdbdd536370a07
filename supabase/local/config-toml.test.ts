import { describe, expect, it } from 'vitest'
import { authConfigFromToml, goDurationSeconds } from './config-toml'

describe('authConfigFromToml', () => {
  it("reads the repository's supabase/config.toml auth keys", () => {
    expect(authConfigFromToml()).toEqual({
      siteUrl: 'http://localhost:3000',
      additionalRedirectUrls: ['http://127.0.0.1:3000'],
      enableConfirmations: false,
      otpExpirySeconds: 3600,
      emailMinIntervalSeconds: 60,
      emailRateLimit: { max: 30, windowMs: 3_600_000 },
      emailTemplates: {
        confirmation: { subject: 'Confirm your ShelfSnap account', contentPath: 'supabase/templates/confirmation.html' },
        recovery: { subject: 'Reset your ShelfSnap password', contentPath: 'supabase/templates/recovery.html' },
      },
    })
  })

  it('gives nothing for a missing file', () => {
    expect(authConfigFromToml('/nonexistent/config.toml')).toEqual({})
  })

  it('reads Go durations as the CLI writes them', () => {
    expect([goDurationSeconds('1m0s'), goDurationSeconds('60s'), goDurationSeconds('1h'), goDurationSeconds('soon')]).toEqual([60, 60, 3600, null])
  })
})
