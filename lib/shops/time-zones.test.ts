import { describe, expect, it } from 'vitest'
import { isValidTimeZone } from '@/lib/validations/shop'
import { timeZoneChoices } from './time-zones'

describe('timeZoneChoices', () => {
  const zones = timeZoneChoices('Europe/London')

  it("names zones as IANA does today, with the half-hour zones and UTC, and every one a zone the server accepts", () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Auckland', 'Europe/Kyiv', 'UTC']) expect(zones).toContain(zone)
    expect(zones).not.toContain('Asia/Calcutta')
    expect(zones.every(isValidTimeZone)).toBe(true)
    expect(zones).toEqual([...zones].sort())
  })

  it("keeps the shop's own zone in the list, whatever its name", () => {
    expect(timeZoneChoices('Asia/Calcutta')).toContain('Asia/Calcutta')
  })
})
