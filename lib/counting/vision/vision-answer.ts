import { z } from 'zod'
import type { AnalysisUsage, CatalogueItem, ProductCount, UnmatchedItem } from '../analyser'
import { shortId } from './vision-prompt'
import type { VisionConfig } from './vision-config'

// Reading the endpoint's reply: the chat-completion envelope, then the model's JSON answer.

const MAX_UNMATCHED = 50
const MAX_DESCRIPTION = 200

const usageSchema = z.object({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
})

/** The parts of a chat.completion object the analyser reads. */
export const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
})

const answerSchema = z.object({
  counts: z.array(
    z.object({
      id: z.string(),
      count: z.number().int().min(0),
      confidence: z.number().min(0).max(1),
    }),
  ),
  unrecognised: z.array(
    z.object({
      description: z.string(),
      count: z.number().int().min(0),
    }),
  ),
})

export type VisionAnswer = z.infer<typeof answerSchema>

export interface Tokens {
  promptTokens: number
  completionTokens: number
}

/** The token counts of a response body, or null when it reports none. */
export function readTokens(body: unknown): Tokens | null {
  const usage = usageSchema.safeParse((body as { usage?: unknown } | null)?.usage)
  return usage.success ? { promptTokens: usage.data.prompt_tokens, completionTokens: usage.data.completion_tokens } : null
}

export function addTokens(a: Tokens | null, b: Tokens | null): Tokens | null {
  if (!a || !b) return a ?? b
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens }
}

export function toUsage(tokens: Tokens | null, config: VisionConfig): AnalysisUsage | null {
  if (!tokens) return null
  const { usdPerMTokIn: priceIn, usdPerMTokOut: priceOut } = config
  const costUsd =
    priceIn === null || priceOut === null ? null : (tokens.promptTokens * priceIn + tokens.completionTokens * priceOut) / 1_000_000
  return { ...tokens, costUsd }
}

/** The model's answer, or null when the content is not JSON of the demanded shape. */
export function parseAnswer(content: string): VisionAnswer | null {
  // Some OpenAI-compatible servers wrap JSON in a Markdown fence even in JSON mode.
  const unfenced = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1')
  let json: unknown
  try {
    json = JSON.parse(unfenced)
  } catch {
    return null
  }
  const parsed = answerSchema.safeParse(json)
  return parsed.success ? parsed.data : null
}

/**
 * Maps short ids back to catalogue product ids.
 * - An id not in the catalogue (made up by the model) is DROPPED: it names no product and has
 *   no description an owner could act on, so it appears neither in counts nor in unmatched.
 * - A product listed twice is SUMMED (the model split its units into groups); its confidence is
 *   the lower of the two.
 * - Zero counts are left out: the contract omits products not seen.
 */
export function toCounts(answer: VisionAnswer, catalogue: readonly CatalogueItem[]): ProductCount[] {
  const productIds = new Map(catalogue.map((item, index) => [shortId(index), item.id]))
  const counts = new Map<string, ProductCount>()
  for (const entry of answer.counts) {
    const productId = productIds.get(entry.id.trim().toLowerCase())
    if (productId === undefined || entry.count === 0) continue
    const earlier = counts.get(productId)
    counts.set(productId, {
      productId,
      count: (earlier?.count ?? 0) + entry.count,
      confidence: Math.min(earlier?.confidence ?? 1, entry.confidence),
    })
  }
  return [...counts.values()]
}

export function toUnmatched(answer: VisionAnswer): UnmatchedItem[] {
  return answer.unrecognised
    .filter((item) => item.count > 0)
    .slice(0, MAX_UNMATCHED)
    .map((item) => ({
      label: item.description.trim().slice(0, MAX_DESCRIPTION) || 'Unrecognised item',
      format: null,
      count: item.count,
    }))
}
