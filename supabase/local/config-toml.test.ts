import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultConfig } from './config'
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
        invite: { subject: 'You have been invited to ShelfSnap', contentPath: 'supabase/templates/invite.html' },
      },
      mfa: { ...defaultConfig().mfa, totpEnrollEnabled: true, totpVerifyEnabled: true, maxEnrolledFactors: 10 },
    })
  })

  it('turns TOTP off as the CLI reads [auth.mfa.totp], keeping the other MFA defaults', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'config-toml-')), 'config.toml')
    writeFileSync(file, '[auth.mfa]\nmax_enrolled_factors = 3\n[auth.mfa.totp]\nenroll_enabled = false\nverify_enabled = false\n')
    expect(authConfigFromToml(file).mfa).toEqual({ ...defaultConfig().mfa, totpEnrollEnabled: false, totpVerifyEnabled: false, maxEnrolledFactors: 3 })
  })

  it('gives nothing for a missing file', () => {
    expect(authConfigFromToml('/nonexistent/config.toml')).toEqual({})
  })

  it('reads Go durations as the CLI writes them', () => {
    expect([goDurationSeconds('1m0s'), goDurationSeconds('60s'), goDurationSeconds('1h'), goDurationSeconds('soon')]).toEqual([60, 60, 3600, null])
  })
})
