import { describe, expect, it } from 'vitest'
import { nothingInPhotos, reviewable, sideState, stocktakeStage, type PhotoState } from './stage'

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

  it('can be reviewed once both sides are counted, and looked back at once confirmed', () => {
    expect(['ready', 'confirmed'].every((stage) => reviewable(stage as 'ready'))).toBe(true)
    expect((['empty', 'counting', 'failed', 'morning', 'evening', 'nothing_found', 'expired'] as const).some(reviewable)).toBe(false)
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

describe('nothingInPhotos', () => {
  it('names the photos with nothing found and says what usually helps', () => {
    expect(nothingInPhotos('Start of Day', [2], 'barcode')).toBe(
      'No code found in Start of Day photo 2. What usually helps: closer to the shelf, in good light, with the labels facing the camera. Change the photo to try again.',
    )
    expect(nothingInPhotos('End of Day', [1, 3, 4], 'barcode')).toMatch(/^No code found in End of Day photos 1, 3 and 4\. /)
    expect(nothingInPhotos('End of Day', [1], 'vision')).toMatch(/^No product recognised in End of Day photo 1\. What usually helps: closer to the shelf, in good light/)
  })
})
