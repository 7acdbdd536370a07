import { describe, expect, it } from 'vitest'
import { renderTeamInviteEmail } from './team-invite-email'

describe('renderTeamInviteEmail', () => {
  it('links to /join and says how to get a password for an account that has none yet (an earlier invitation opened, none chosen)', async () => {
    const { subject, text, html } = await renderTeamInviteEmail({ shopName: 'Corner Shop', role: 'staff', joinUrl: 'https://app.example/join' })
    expect(subject).toBe('Join Corner Shop on ShelfSnap')
    expect(html).toContain('href="https://app.example/join"')
    expect(text).toContain('No password yet, or forgotten it? On the sign-in page, tap "Forgot password?" and use this address.')
  })
})
