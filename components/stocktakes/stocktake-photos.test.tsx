import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { StocktakePhoto } from '@/lib/data/stocktake-photos'
import { StocktakePhotos } from './stocktake-photos'

const photo = (id: string, side: StocktakePhoto['side'], codes: number | null, failed?: string): StocktakePhoto => ({
  id,
  side,
  storage_path: `shop/${id}.jpg`,
  taken_at: '2026-11-27T09:30:00Z',
  time_source: 'camera',
  status: failed ? 'failed' : 'analysed',
  error: failed ?? null,
  codes_found: codes,
  analyser: 'barcode',
  width: 800,
  height: 600,
  counted_on: 'server',
  kept_on_device: false,
})

describe('StocktakePhotos', () => {
  it('says how many codes each photo gave, in English, and why one failed', () => {
    const html = renderToStaticMarkup(
      <StocktakePhotos
        photos={[photo('a', 'start', 1), photo('b', 'start', 12), photo('c', 'end', 0), photo('d', 'end', null, 'This photo could not be read')]}
        urls={new Map()}
        timeZone="Europe/London"
      />,
    )
    expect(html).toContain('1 code found')
    expect(html).not.toContain('1 codes')
    expect(html).toContain('12 codes found')
    expect(html).toContain('0 codes found')
    expect(html).toContain('This photo could not be read')
    expect(html).toContain('27 Nov 2026, 09:30 (camera)')
  })
})
