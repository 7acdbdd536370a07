import { describe, expect, it } from 'vitest'
import { visionConfigFromEnv } from './vision-config'

const on = { SHELFSNAP_VISION_BASE_URL: 'https://api.openai.com/v1/', SHELFSNAP_VISION_MODEL: 'gpt-4.1-mini' }

describe('visionConfigFromEnv', () => {
  it.each([
    ['nothing is set', {}],
    ['only the model is set', { SHELFSNAP_VISION_MODEL: 'gpt-4.1-mini' }],
    ['the base URL is blank', { ...on, SHELFSNAP_VISION_BASE_URL: '  ' }],
    ['the model is blank', { ...on, SHELFSNAP_VISION_MODEL: '' }],
  ])('is off (null) when %s', (_, env) => {
    expect(visionConfigFromEnv(env)).toBeNull()
  })

  it('applies defaults, drops the trailing slash and treats a blank key as none', () => {
    expect(visionConfigFromEnv({ ...on, SHELFSNAP_VISION_API_KEY: '' })).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4.1-mini',
      apiKey: null,
      timeoutMs: 60_000,
      maxReferenceImages: 8,
      usdPerMTokIn: null,
      usdPerMTokOut: null,
    })
  })

  it('reads every setting', () => {
    expect(
      visionConfigFromEnv({
        SHELFSNAP_VISION_BASE_URL: 'http://localhost:11434/v1',
        SHELFSNAP_VISION_MODEL: 'qwen2.5vl:7b',
        SHELFSNAP_VISION_API_KEY: 'sk-abc',
        SHELFSNAP_VISION_TIMEOUT_MS: '90000',
        SHELFSNAP_VISION_MAX_REFERENCE_IMAGES: '0',
        SHELFSNAP_VISION_USD_PER_MTOK_IN: '0.40',
        SHELFSNAP_VISION_USD_PER_MTOK_OUT: '1.6',
      }),
    ).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      model: 'qwen2.5vl:7b',
      apiKey: 'sk-abc',
      timeoutMs: 90_000,
      maxReferenceImages: 0,
      usdPerMTokIn: 0.4,
      usdPerMTokOut: 1.6,
    })
  })

  it.each([
    ['a malformed base URL', { SHELFSNAP_VISION_BASE_URL: 'api.openai.com/v1' }, 'SHELFSNAP_VISION_BASE_URL'],
    ['a non-http base URL', { SHELFSNAP_VISION_BASE_URL: 'ftp://models.example/v1' }, 'SHELFSNAP_VISION_BASE_URL'],
    ['a timeout that is not a number', { SHELFSNAP_VISION_TIMEOUT_MS: '60s' }, 'SHELFSNAP_VISION_TIMEOUT_MS must be a whole number'],
    ['a timeout too short', { SHELFSNAP_VISION_TIMEOUT_MS: '50' }, 'SHELFSNAP_VISION_TIMEOUT_MS must be 100 or more'],
    ['a negative price', { SHELFSNAP_VISION_USD_PER_MTOK_IN: '-1', SHELFSNAP_VISION_USD_PER_MTOK_OUT: '1' }, 'SHELFSNAP_VISION_USD_PER_MTOK_IN'],
    ['only one price', { SHELFSNAP_VISION_USD_PER_MTOK_IN: '2.5' }, 'or neither'],
  ])('throws a clear error for %s', (_, extra, fragment) => {
    expect(() => visionConfigFromEnv({ ...on, ...extra })).toThrow(fragment)
    expect(() => visionConfigFromEnv({ ...on, ...extra })).toThrow(/^Vision analyser configuration is invalid:/)
  })
})
