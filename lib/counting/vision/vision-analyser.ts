import 'server-only'
import type { Analyser, AnalysisUsage, CatalogueItem, PhotoAnalysis, PhotoInput } from '../analyser'
import { addTokens, completionSchema, parseAnswer, readTokens, toCounts, toUnmatched, toUsage, type Tokens } from './vision-answer'
import type { VisionConfig } from './vision-config'
import { analysisError, httpFailure, ownerMessage, type AttemptFailure } from './vision-errors'
import { chatRequestBody } from './vision-prompt'

/** Two attempts at most: one retry on a timeout, a network error, 429 or 5xx. */
export const MAX_ATTEMPTS = 2
const RETRY_DELAY_MS = 500
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])
// OpenAI's limit for one image; a larger photo should be resized before counting.
const MAX_PHOTO_BYTES = 20 * 1024 * 1024

type Attempt = { tokens: Tokens | null } & ({ ok: true; body: unknown } | { ok: false; failure: AttemptFailure })

/**
 * Counts catalogue products on a shelf photo with a vision model behind an OpenAI-compatible
 * chat-completions endpoint. Throws AnalysisError for every failure the owner should see; when
 * the caller's `signal` aborts, rethrows its reason instead (the caller gave up, nothing failed).
 */
export function createVisionAnalyser(config: VisionConfig, fetchImpl: typeof fetch = fetch): Analyser {
  return {
    kind: 'vision',
    async analyse(photo, catalogue, signal) {
      checkPhoto(photo)
      // Nothing to match against: no call, no cost.
      if (catalogue.length === 0) return { analyser: 'vision', counts: [], unmatched: [], usage: null }
      const body = JSON.stringify(chatRequestBody(config.model, photo, catalogue, config.maxReferenceImages))
      let tokens: Tokens | null = null
      let failure: AttemptFailure | null = null
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        if (attempt > 1) await pause(RETRY_DELAY_MS, signal)
        const outcome = await attemptOnce(config, fetchImpl, body, signal)
        tokens = addTokens(tokens, outcome.tokens)
        if (outcome.ok) return interpret(outcome.body, catalogue, toUsage(tokens, config))
        failure = outcome.failure
        if (!failure.retryable) break
      }
      throw failure?.error ?? analysisError('unavailable', ownerMessage.unreachable)
    },
  }
}

function checkPhoto(photo: PhotoInput) {
  if (photo.bytes.length === 0 || !PHOTO_TYPES.has(photo.mimeType.toLowerCase())) {
    throw analysisError('unreadable_image', ownerMessage.notAnImage, { mimeType: photo.mimeType, bytes: photo.bytes.length })
  }
  if (photo.bytes.length > MAX_PHOTO_BYTES) {
    throw analysisError('unreadable_image', ownerMessage.tooLarge, { bytes: photo.bytes.length })
  }
}

async function attemptOnce(config: VisionConfig, fetchImpl: typeof fetch, body: string, signal?: AbortSignal): Promise<Attempt> {
  const timeout = AbortSignal.timeout(config.timeoutMs)
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`
  let status: number
  let text: string
  try {
    const response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
    status = response.status
    text = await response.text()
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    const failure: AttemptFailure = timeout.aborted
      ? { retryable: true, error: analysisError('timeout', ownerMessage.timeout, { timeoutMs: config.timeoutMs }) }
      : { retryable: true, error: analysisError('unavailable', ownerMessage.unreachable, error) }
    return { ok: false, tokens: null, failure }
  }
  const json = parseJson(text)
  const tokens = readTokens(json)
  if (status >= 200 && status < 300) return { ok: true, tokens, body: json }
  return { ok: false, tokens, failure: httpFailure(status, json) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** A 2xx reply: a refusal, a malformed answer, or the counts. */
function interpret(body: unknown, catalogue: readonly CatalogueItem[], usage: AnalysisUsage | null): PhotoAnalysis {
  // The tokens were billed even when the answer is unusable: keep them on the error for cost tracking.
  const completion = completionSchema.safeParse(body)
  const [choice] = completion.success ? completion.data.choices : []
  if (!choice) throw analysisError('malformed', ownerMessage.malformed, { detail: 'not a chat.completion object', usage })
  if (choice.message.refusal || choice.finish_reason === 'content_filter') {
    throw analysisError('refused', ownerMessage.refused, { detail: choice.message.refusal ?? 'content_filter', usage })
  }
  const answer = choice.message.content ? parseAnswer(choice.message.content) : null
  if (!answer) {
    const detail = { detail: 'content does not match the schema', finishReason: choice.finish_reason, usage }
    throw analysisError('malformed', ownerMessage.malformed, detail)
  }
  return { analyser: 'vision', counts: toCounts(answer, catalogue), unmatched: toUnmatched(answer), usage }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', stop, { once: true })
  })
}
