// The stocktake job with the vision analyser switched on by its environment
// variables, against a local fake of the OpenAI chat-completions endpoint
// (it stands in for OpenAI / Ollama / vLLM, which tests cannot reach).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { finishedAfterTasks, formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addStocktakePhoto } from './add-stocktake-photo'
import { analyseStocktake } from './analyse-stocktake'
import { addProduct, ownerWithShop, snapshot, type Owner } from '@/test/support/catalogue-test-data'
import { startStocktake } from './start-stocktake'
import { stocktakeProgress } from './stocktake-progress'
import { shelfJpeg, uploadStockPhoto } from '@/test/support/stocktake-test-data'
import { getReview } from '@/lib/data/stocktake-review'
import { MISCONFIGURED } from '@/lib/workflows/start-analysis'
import { completionReply, startFakeServer, type FakeReply, type FakeServer } from '@/test/support/fake-chat-completions-server'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let server: FakeServer | null = null
let photo: Buffer

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  // In name order, as the job sends the catalogue: p1 is the jam, p2 the tea.
  await addProduct(owner, { name: 'Earl Grey Tea', sku: 'TEA-1', qty: 6 })
  await addProduct(owner, { name: 'Apricot Jam', sku: 'JAM-1', qty: 2 })
  photo = await shelfJpeg([])
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  await signInAs(owner)
  await stack.db.query("delete from count_sessions where shop_id = $1 and status = 'open'", [owner.shopId])
})
afterEach(async () => {
  await server?.close()
  server = null
  for (const name of ['SHELFSNAP_VISION_BASE_URL', 'SHELFSNAP_VISION_MODEL', 'SHELFSNAP_VISION_TIMEOUT_MS', 'SHELFSNAP_VISION_USD_PER_MTOK_IN', 'SHELFSNAP_VISION_USD_PER_MTOK_OUT']) {
    delete process.env[name]
  }
})

async function analyseWith(replies: FakeReply[]) {
  server = await startFakeServer(replies)
  Object.assign(process.env, {
    SHELFSNAP_VISION_BASE_URL: server.baseUrl,
    SHELFSNAP_VISION_MODEL: 'fake-vision-model',
    SHELFSNAP_VISION_TIMEOUT_MS: '300',
    SHELFSNAP_VISION_USD_PER_MTOK_IN: '2.5',
    SHELFSNAP_VISION_USD_PER_MTOK_OUT: '10',
  })
  const started = (await startStocktake(idle, formData({}))) as { sessionId: string }
  for (const side of ['start', 'end'] as const) {
    const path = await uploadStockPhoto(owner, started.sessionId, side, photo)
    expect(await addStocktakePhoto(idle, formData({ session_id: started.sessionId, side, path }))).toEqual({ ok: true })
  }
  const before = await snapshot(stack)
  expect(await analyseStocktake(idle, formData({ session_id: started.sessionId }))).toMatchObject({ ok: true })
  await finishedAfterTasks()
  expect(await snapshot(stack)).toEqual(before)
  const { rows } = await stack.db.query<{ analyser: string; error: string; prompt_tokens: number; completion_tokens: number; cost_usd: string; lines: number }>(
    `select string_agg(distinct ph.analyser, ',') as analyser, string_agg(ph.error, ' | ') as error,
            sum(ph.prompt_tokens)::int as prompt_tokens, sum(ph.completion_tokens)::int as completion_tokens, sum(ph.cost_usd)::text as cost_usd,
            (select count(*)::int from count_lines l where l.session_id = $1) as lines
       from count_photos ph where ph.session_id = $1`,
    [started.sessionId],
  )
  return { sessionId: started.sessionId, progress: await stocktakeProgress(started.sessionId), ...rows[0] }
}

const answer = (value: unknown) => completionReply(JSON.stringify(value))

describe('the vision analyser in a stocktake', () => {
  it('records its proposal per product, who made it, and the tokens and cost of the run', async () => {
    const result = await analyseWith([
      answer({ counts: [{ id: 'p1', count: 2, confidence: 0.9 }, { id: 'p2', count: 5, confidence: 0.6 }], unrecognised: [] }),
      answer({ counts: [{ id: 'p2', count: 3, confidence: 0.7 }], unrecognised: [{ description: 'red tin', count: 1 }] }),
    ])
    expect(result).toMatchObject({ progress: { stage: 'ready' }, analyser: 'vision', error: null, prompt_tokens: 2000, completion_tokens: 100, cost_usd: '0.006000', lines: 3 })
    expect(server!.requests).toHaveLength(2)
    const review = await getReview(owner.client, result.sessionId)
    expect(review!.lines).toMatchObject([
      { name: 'Apricot Jam', start_count: 2, end_count: 0, analysers: 'vision', confidence: 0.9 },
      { name: 'Earl Grey Tea', start_count: 5, end_count: 3, analysers: 'vision', confidence: 0.6 },
    ])
  })

  it.each([
    ['a malformed answer', [completionReply('I think there are about five teas.')], 'could not read'],
    ['a refusal', [completionReply(null, { refusal: "I'm sorry, I can't help with that." })], 'declined'],
    ['a timeout, after one retry', ['hang' as const], 'took too long'],
  ])('fails on %s with a clear message and writes no counts', async (_, replies, words) => {
    const result = await analyseWith(replies)
    expect(result).toMatchObject({ progress: { stage: 'failed' }, lines: 0 })
    expect(result.error).toContain(words)
    expect(result.error).toContain('Nothing was changed')
    expect((result.progress as { problem: string }).problem).toContain(words)
  })

  it('refuses to start when its settings are wrong, and leaves the stocktake as it was', async () => {
    Object.assign(process.env, { SHELFSNAP_VISION_BASE_URL: 'not a url', SHELFSNAP_VISION_MODEL: 'fake-vision-model' })
    const started = (await startStocktake(idle, formData({}))) as { sessionId: string }
    for (const side of ['start', 'end'] as const) {
      const path = await uploadStockPhoto(owner, started.sessionId, side, photo)
      await addStocktakePhoto(idle, formData({ session_id: started.sessionId, side, path }))
    }
    expect(await analyseStocktake(idle, formData({ session_id: started.sessionId }))).toEqual({ ok: false, message: MISCONFIGURED })
    const { rows } = await stack.db.query('select status from count_photos where session_id = $1', [started.sessionId])
    expect(rows).toEqual([{ status: 'pending' }, { status: 'pending' }])
  })
})
