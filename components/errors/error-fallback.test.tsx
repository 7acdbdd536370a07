import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { OUTAGE_TITLE } from '@/lib/http/outage'
import { ErrorFallback } from './error-fallback'

const render = (error: unknown) => renderToStaticMarkup(<ErrorFallback error={error} retry={() => {}} />)

describe('ErrorFallback', () => {
  it('shows a plain message and the reference, never the error itself', () => {
    const error = Object.assign(new Error('TypeError: fetch failed at pg 0x00'), { digest: '2893746512' })
    const html = render(error)
    expect(html).toContain('Something went wrong')
    expect(html).toContain('Reference: <code>2893746512</code>')
    expect(html).not.toContain('fetch failed')
    expect(html).not.toContain('0x00')
  })

  it('says the database cannot be reached, and that it will retry, for an outage', () => {
    const html = render(Object.assign(new Error('x'), { digest: 'OUTAGE-1a2b3c4d' }))
    expect(html).toContain(OUTAGE_TITLE)
    expect(html).toMatch(/ShelfSnap will try again in \d+ seconds/)
    expect(html).toContain('OUTAGE-1a2b3c4d')
  })

  it('copes with a thrown value that is not an Error', () => {
    const html = render('a string')
    expect(html).toContain('Something went wrong')
    expect(html).not.toContain('Reference')
  })
})
