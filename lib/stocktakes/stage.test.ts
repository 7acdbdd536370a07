import { describe, expect, it } from 'vitest'
import { sideState, stocktakeStage, type PhotoState } from './stage'

const photo = (side: 'start' | 'end', status: PhotoState['status'], codes: number | null = null, error: string | null = null): PhotoState => ({
  side,
  status,
  codes_found: codes,
  error,
})

describe('stocktakeStage', () => {
  it.each<[string, PhotoState[], string]>([
    ['no photos', [], 'empty'],
    ['morning photos being counted', [photo('start', 'pending')], 'counting'],
    ['morning photos counted', [photo('start', 'analysed', 4)], 'morning'],
    ['evening photos only', [photo('end', 'analysed', 2)], 'evening'],
    ['the evening still counting', [photo('start', 'analysed', 4), photo('end', 'analysing')], 'counting'],
    ['a failed photo, even with others counting', [photo('start', 'failed', null, 'x'), photo('end', 'pending')], 'failed'],
    ['both sides counted', [photo('start', 'analysed', 4), photo('end', 'analysed', 0)], 'ready'],
    ['both sides counted, no code anywhere', [photo('start', 'analysed', 0), photo('end', 'analysed', 0)], 'nothing_found'],
  ])('%s', (_, photos, stage) => {
    expect(stocktakeStage('open', photos)).toBe(stage)
  })

  it('is the status once a stocktake is closed', () => {
    expect(stocktakeStage('confirmed', [photo('start', 'pending')])).toBe('confirmed')
    expect(stocktakeStage('expired', [])).toBe('expired')
  })
})

describe('sideState', () => {
  it('counts one side only, codes from counted photos, and the first failure', () => {
    const photos = [photo('start', 'analysed', 3), photo('start', 'failed', 9, 'unreadable'), photo('start', 'analysing'), photo('end', 'analysed', 5)]
    expect(sideState(photos, 'start')).toEqual({ photos: 3, counting: 1, failed: 1, codes: 3, error: 'unreadable' })
  })
})
