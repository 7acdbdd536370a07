import { describe, expect, it } from 'vitest'
import { photoTimes, reviewShape } from './live-review'

const session = {
  status: 'open' as const,
  confirmed_at: null,
  started_at: '2026-11-23T08:02:00Z',
  ended_at: null,
  start_time_source: 'camera' as const,
  end_time_source: null,
  start_time_owner: null,
  end_time_owner: null,
}
const photo = { id: 'p1', status: 'analysed' as const, codes_found: 3, error: null, taken_at: '2026-11-23T08:02:00Z', time_source: 'camera' as const }

describe('an open review taken in live', () => {
  it("shows each side's time on the shop's clock, where it came from and whether the owner set it", () => {
    expect(photoTimes({ ...session, end_time_owner: 'u1', ended_at: '2026-11-23T18:30:00Z', end_time_source: 'owner' }, 'Europe/London')).toEqual([
      { side: 'start', title: 'Start of Day', shown: '23 Nov 2026, 08:02', local: '2026-11-23T08:02', source: 'camera', byOwner: false },
      { side: 'end', title: 'End of Day', shown: '23 Nov 2026, 18:30', local: '2026-11-23T18:30', source: 'owner', byOwner: true },
    ])
    expect(photoTimes(session, 'Asia/Tokyo')[1]).toEqual({ side: 'end', title: 'End of Day', shown: null, local: null, source: null, byOwner: false })
    expect(photoTimes(session, 'Asia/Tokyo')[0]?.local).toBe('2026-11-23T17:02')
  })

  it('renders the page again when its status or a photo changes, not for what the review itself shows', () => {
    const shape = reviewShape(session, [photo])
    expect(reviewShape({ ...session }, [{ ...photo }])).toBe(shape)
    expect(reviewShape({ ...session, status: 'confirmed', confirmed_at: '2026-11-23T19:00:00Z' }, [photo])).not.toBe(shape)
    expect(reviewShape(session, [{ ...photo, status: 'analysing' }])).not.toBe(shape)
    expect(reviewShape(session, [{ ...photo, codes_found: 4 }])).not.toBe(shape)
    expect(reviewShape(session, [photo, { ...photo, id: 'p2' }])).not.toBe(shape)
    expect(reviewShape(session, [])).not.toBe(shape)
  })
})
