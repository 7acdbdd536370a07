// Shared setup for the vision analyser's tests: a catalogue, a photo, and an analyser wired to
// a fresh fake chat-completions server that is closed after each test.
import { afterEach, expect } from 'vitest'
import { AnalysisError, type CatalogueItem, type PhotoInput } from '@/lib/counting/analyser'
import { completionReply, startFakeServer, type FakeReply, type FakeServer } from '@/test/support/fake-chat-completions-server'
import { createVisionAnalyser } from '@/lib/counting/vision/vision-analyser'
import type { VisionConfig } from '@/lib/counting/vision/vision-config'

export const catalogue: CatalogueItem[] = [
  { id: 'prod-tea', name: 'Earl Grey Tea 100g', sku: 'TEA-100', barcode: '5012345678900', imageUrl: 'https://img.example/tea.jpg' },
  { id: 'prod-milk', name: 'Oat Milk 1L', sku: null, barcode: null, imageUrl: null },
  { id: 'prod-jam', name: 'Strawberry Jam', sku: 'JAM-1', barcode: null, imageUrl: 'https://img.example/jam.jpg' },
]
export const photo: PhotoInput = { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), mimeType: 'image/jpeg' }

/** Registers the server's clean-up; returns `analyserFor(replies, overrides)`. */
export function fakeServerPerTest() {
  let server: FakeServer | null = null
  afterEach(async () => {
    await server?.close()
    server = null
  })
  return async function analyserFor(replies: FakeReply[], overrides: Partial<VisionConfig> = {}) {
    server = await startFakeServer(replies)
    const config: VisionConfig = {
      baseUrl: server.baseUrl,
      model: 'gpt-test-vision',
      apiKey: 'sk-test',
      timeoutMs: 5_000,
      maxReferenceImages: 8,
      usdPerMTokIn: 2.5,
      usdPerMTokOut: 10,
      ...overrides,
    }
    return { analyser: createVisionAnalyser(config), server }
  }
}

export const answer = (value: unknown) => completionReply(JSON.stringify(value))

/** The AnalysisError the promise rejects with (fails the test when it resolves or throws something else). */
export async function failure(promise: Promise<unknown>): Promise<AnalysisError> {
  const error = await promise.then(() => null, (reason: unknown) => reason)
  expect(error).toBeInstanceOf(AnalysisError)
  return error as AnalysisError
}
