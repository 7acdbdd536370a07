import 'server-only'
import { z } from 'zod'

/** How to reach an OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, …). */
export interface VisionConfig {
  /** without a trailing slash, e.g. https://api.openai.com/v1 */
  baseUrl: string
  model: string
  /** null for self-hosted endpoints that take no key */
  apiKey: string | null
  /** per attempt; the analyser makes at most two */
  timeoutMs: number
  /** how many catalogue reference photos go with a request; 0 sends none */
  maxReferenceImages: number
  /** USD per million tokens; both null when the price is not configured */
  usdPerMTokIn: number | null
  usdPerMTokOut: number | null
}

export const DEFAULT_TIMEOUT_MS = 60_000
export const DEFAULT_MAX_REFERENCE_IMAGES = 8

const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankAsUndefined, schema.optional())

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `${name} must be a whole number` })
    .transform(Number)
    .pipe(z.number().min(min, { error: `${name} must be ${min} or more` }).max(max, { error: `${name} must be ${max} or less` }))

const price = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: `${name} must be a price in USD per million tokens, like 2.50` })
    .transform(Number)

const envSchema = z
  .object({
    SHELFSNAP_VISION_BASE_URL: z
      .url({
        protocol: /^https?$/,
        error: 'SHELFSNAP_VISION_BASE_URL must be an http(s) URL, like https://api.openai.com/v1',
      })
      .transform((url) => url.replace(/\/+$/, '')),
    SHELFSNAP_VISION_MODEL: z.string().trim().min(1),
    SHELFSNAP_VISION_API_KEY: optional(z.string().trim()),
    SHELFSNAP_VISION_TIMEOUT_MS: optional(wholeNumber('SHELFSNAP_VISION_TIMEOUT_MS', 100, 600_000)),
    SHELFSNAP_VISION_MAX_REFERENCE_IMAGES: optional(wholeNumber('SHELFSNAP_VISION_MAX_REFERENCE_IMAGES', 0, 50)),
    SHELFSNAP_VISION_USD_PER_MTOK_IN: optional(price('SHELFSNAP_VISION_USD_PER_MTOK_IN')),
    SHELFSNAP_VISION_USD_PER_MTOK_OUT: optional(price('SHELFSNAP_VISION_USD_PER_MTOK_OUT')),
  })
  .refine((env) => (env.SHELFSNAP_VISION_USD_PER_MTOK_IN === undefined) === (env.SHELFSNAP_VISION_USD_PER_MTOK_OUT === undefined), {
    error: 'Set both SHELFSNAP_VISION_USD_PER_MTOK_IN and SHELFSNAP_VISION_USD_PER_MTOK_OUT, or neither',
  })

/**
 * The vision analyser's settings, or null when it is switched off (base URL or model unset or blank).
 * Throws an Error naming the bad variable when it is switched on but misconfigured.
 */
export function visionConfigFromEnv(env: Record<string, string | undefined> = process.env): VisionConfig | null {
  if (!env.SHELFSNAP_VISION_BASE_URL?.trim() || !env.SHELFSNAP_VISION_MODEL?.trim()) return null
  const parsed = envSchema.safeParse({ ...env, SHELFSNAP_VISION_BASE_URL: env.SHELFSNAP_VISION_BASE_URL.trim() })
  if (!parsed.success) {
    throw new Error(`Vision analyser configuration is invalid:\n${z.prettifyError(parsed.error)}`)
  }
  const e = parsed.data
  return {
    baseUrl: e.SHELFSNAP_VISION_BASE_URL,
    model: e.SHELFSNAP_VISION_MODEL,
    apiKey: e.SHELFSNAP_VISION_API_KEY ?? null,
    timeoutMs: e.SHELFSNAP_VISION_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
    maxReferenceImages: e.SHELFSNAP_VISION_MAX_REFERENCE_IMAGES ?? DEFAULT_MAX_REFERENCE_IMAGES,
    usdPerMTokIn: e.SHELFSNAP_VISION_USD_PER_MTOK_IN ?? null,
    usdPerMTokOut: e.SHELFSNAP_VISION_USD_PER_MTOK_OUT ?? null,
  }
}
