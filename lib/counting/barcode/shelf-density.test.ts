import { describe, expect, it } from 'vitest'
import { LABEL_FORMATS, pick, randomCodeText, seededRandom } from '@/test/shelf/code-texts'
import { MIN_PX_PER_MODULE } from '@/test/shelf/generate-shelf-photo'
import { COMPACT_CARD, ROOMY_CARD } from '@/test/shelf/shelf-label'
import { packLabels } from '@/test/shelf/shelf-layout'

// The benchmark's density floor: 200 labels of mixed symbologies at up to ±20° fit a 12 MP photo above it on compact cards (not on roomy ones).
describe('bench shelf photos', () => {
  it('pack 200 labels into 4000 × 3000 at ≥ MIN_PX_PER_MODULE on compact cards, by packing tighter, not by smaller modules', async () => {
    const random = seededRandom(7)
    const plans = Array.from({ length: 200 }, () => {
      const format = pick(random, LABEL_FORMATS)
      return { text: randomCodeText(random, format), format, angle: (random() * 2 - 1) * 20, shear: [(random() * 2 - 1) * 0.06, (random() * 2 - 1) * 0.06] as [number, number] }
    })
    const compact = await packLabels(plans, 4000, 3000, seededRandom(1), COMPACT_CARD)
    const roomy = await packLabels(plans, 4000, 3000, seededRandom(1), ROOMY_CARD)
    expect(compact[0]!.pxPerUnit).toBeGreaterThanOrEqual(MIN_PX_PER_MODULE)
    expect(roomy[0]!.pxPerUnit).toBeLessThan(MIN_PX_PER_MODULE)
    // every label placed once, in the order given
    expect(compact.map((b) => b.text)).toEqual(plans.map((p) => p.text))
  })
})
