import { describe, expect, it } from 'vitest'
import { completionReply, errorReply, startFakeServer } from '@/test/support/fake-chat-completions-server'
import { createVisionAnalyser } from './vision-analyser'
import type { VisionConfig } from './vision-config'
import { ownerMessage } from './vision-errors'
import { answer, catalogue, failure, photo, fakeServerPerTest } from '@/test/support/vision-test-kit'

const analyserFor = fakeServerPerTest()

describe('vision analyser: failures and retries', () => {
  it.each([
    ['content that is not JSON', completionReply('I can see four boxes of tea.')],
    ['a fractional count', answer({ counts: [{ id: 'p1', count: 2.5, confidence: 0.9 }], unrecognised: [] })],
    ['a confidence above 1', answer({ counts: [{ id: 'p1', count: 2, confidence: 1.5 }], unrecognised: [] })],
    ['a missing key', answer({ counts: [{ id: 'p1', count: 2, confidence: 0.5 }] })],
    ['no content', completionReply(null)],
    ['a cut-off answer', completionReply('{"counts":[{"id":"p1","cou', { finishReason: 'length' })],
  ])('reports %s as malformed, after one attempt', async (_, reply) => {
    const { analyser, server } = await analyserFor([reply])
    const error = await failure(analyser.analyse(photo, catalogue))
    expect(error.code).toBe('malformed')
    expect(error.message).toBe(ownerMessage.malformed)
    expect(server.requests).toHaveLength(1)
  })

  it.each([
    ['a refusal', completionReply(null, { refusal: "I'm sorry, I can't help with that request." })],
    ['a content filter stop', completionReply(null, { finishReason: 'content_filter' })],
  ])('reports %s as refused', async (_, reply) => {
    const { analyser } = await analyserFor([reply])
    const error = await failure(analyser.analyse(photo, catalogue))
    expect(error.code).toBe('refused')
    expect(error.message).toBe(
      'The photo-counting service declined to look at this photo. Nothing was changed; try a photo that shows only the shelf, or use barcode counting.',
    )
  })

  it('times out after exactly two attempts when the server never answers', async () => {
    const { analyser, server } = await analyserFor(['hang'], { timeoutMs: 200 })
    const started = Date.now()
    const error = await failure(analyser.analyse(photo, catalogue))
    expect(error.code).toBe('timeout')
    expect(error.message).toBe(
      'The photo-counting service took too long to answer. Nothing was changed; try again or use barcode counting.',
    )
    expect(server.requests).toHaveLength(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(400)
  })

  it('retries once after a 500 and returns the second answer', async () => {
    const { analyser, server } = await analyserFor([
      errorReply(500, 'The server had an error while processing your request.', 'server_error', null),
      completionReply(JSON.stringify({ counts: [{ id: 'p2', count: 6, confidence: 0.7 }], unrecognised: [] }), {
        promptTokens: 900,
        completionTokens: 40,
      }),
    ])
    const result = await analyser.analyse(photo, catalogue)
    expect(server.requests).toHaveLength(2)
    expect(result.counts).toEqual([{ productId: 'prod-milk', count: 6, confidence: 0.7 }])
    expect(result.usage).toEqual({ promptTokens: 900, completionTokens: 40, costUsd: 0.00265 })
  })

  it('sums the usage of both attempts when the failed one reports tokens too', async () => {
    const failed = errorReply(503, 'Slow down', 'server_error', null) as { status: number; body: object }
    const { analyser } = await analyserFor(
      [
        { status: 503, body: { ...failed.body, usage: { prompt_tokens: 300, completion_tokens: 0, total_tokens: 300 } } },
        completionReply(JSON.stringify({ counts: [], unrecognised: [] }), { promptTokens: 1000, completionTokens: 20 }),
      ],
      { usdPerMTokIn: null, usdPerMTokOut: null },
    )
    expect((await analyser.analyse(photo, catalogue)).usage).toEqual({ promptTokens: 1300, completionTokens: 20, costUsd: null })
  })

  it.each([
    [401, errorReply(401, 'Incorrect API key provided: sk-test.', 'invalid_request_error', 'invalid_api_key')],
    [403, errorReply(403, 'You are not allowed to sample from this model', 'invalid_request_error', null)],
    [404, errorReply(404, 'The model `gpt-test-vision` does not exist', 'invalid_request_error', 'model_not_found')],
  ])('reports %i as unavailable after one attempt', async (status, reply) => {
    const { analyser, server } = await analyserFor([reply])
    const error = await failure(analyser.analyse(photo, catalogue))
    expect(error.code).toBe('unavailable')
    expect(error.message).toBe(ownerMessage.notSetUp)
    expect(error.cause).toMatchObject({ status })
    expect(server.requests).toHaveLength(1)
  })

  it('reports a busy service (429 twice) as unavailable after two attempts', async () => {
    const { analyser, server } = await analyserFor([errorReply(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded')])
    const error = await failure(analyser.analyse(photo, catalogue))
    expect(error.code).toBe('unavailable')
    expect(error.message).toBe(ownerMessage.busy)
    expect(server.requests).toHaveLength(2)
  })

  it('reports a refused connection as unavailable after two attempts', async () => {
    const closed = await startFakeServer([])
    await closed.close()
    let calls = 0
    const countingFetch: typeof fetch = (input, init) => {
      calls++
      return fetch(input, init)
    }
    const config: VisionConfig = { baseUrl: closed.baseUrl, model: 'm', apiKey: null, timeoutMs: 2_000, maxReferenceImages: 0, usdPerMTokIn: null, usdPerMTokOut: null }
    const error = await failure(createVisionAnalyser(config, countingFetch).analyse(photo, catalogue))
    expect(error.code).toBe('unavailable')
    expect(error.message).toBe(ownerMessage.unreachable)
    expect(calls).toBe(2)
  })

  it('rethrows the caller’s abort reason instead of retrying', async () => {
    const { analyser, server } = await analyserFor(['hang'])
    const controller = new AbortController()
    const reason = new Error('owner left the page')
    setTimeout(() => controller.abort(reason), 100)
    await expect(analyser.analyse(photo, catalogue, controller.signal)).rejects.toBe(reason)
    expect(server.requests).toHaveLength(1)
  })
})
