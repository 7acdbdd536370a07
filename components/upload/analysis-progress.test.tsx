import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AnalysisProgress } from './analysis-progress'

const progress = (done: number, total: number) =>
  renderToStaticMarkup(<AnalysisProgress run={{ phase: 'analysing', done, total, error: null }} problem={null} onRetry={() => {}} />)

describe('AnalysisProgress', () => {
  it('counts the photos in English: one photo, or several', () => {
    expect(progress(0, 1)).toContain('Counted 0 of 1 photo…')
    expect(progress(2, 3)).toContain('Counted 2 of 3 photos…')
    expect(progress(0, 0)).toContain('Counting the photos…')
  })
})
