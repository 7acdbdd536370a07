import { describe, expect, it } from 'vitest'
import { completionReply } from '@/test/support/fake-chat-completions-server'
import { answer, catalogue, failure, photo, fakeServerPerTest } from '@/test/support/vision-test-kit'

const analyserFor = fakeServerPerTest()

describe('vision analyser: answers and requests', () => {
  it('maps a good answer to catalogue product ids, with confidence, usage and cost', async () => {
    const { analyser } = await analyserFor([
      completionReply(
        JSON.stringify({
          counts: [
            { id: 'p1', count: 4, confidence: 0.9 },
            { id: 'p3', count: 2, confidence: 0.6 },
            { id: 'p2', count: 0, confidence: 0.8 },
          ],
          unrecognised: [{ description: 'Blue box of biscuits', count: 3 }],
        }),
        { promptTokens: 1200, completionTokens: 80 },
      ),
    ])
    expect(await analyser.analyse(photo, catalogue)).toEqual({
      analyser: 'vision',
      counts: [
        { productId: 'prod-tea', count: 4, confidence: 0.9 },
        { productId: 'prod-jam', count: 2, confidence: 0.6 },
      ],
      unmatched: [{ label: 'Blue box of biscuits', format: null, count: 3 }],
      usage: { promptTokens: 1200, completionTokens: 80, costUsd: 0.0038 },
    })
    expect(analyser.kind).toBe('vision')
  })

  it('sends the model, a strict JSON schema, the catalogue, reference photos and the shelf photo', async () => {
    const { analyser, server } = await analyserFor([answer({ counts: [], unrecognised: [] })])
    await analyser.analyse(photo, catalogue)
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe('/v1/chat/completions')
    expect(request?.headers.authorization).toBe('Bearer sk-test')
    const body = request?.body as {
      model: string
      temperature: number
      messages: { role: string; content: unknown }[]
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { properties: { counts: { items: { properties: { id: { enum: string[] } } } } } } } }
    }
    expect(body.model).toBe('gpt-test-vision')
    expect(body.temperature).toBe(0)
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema.name).toBe('shelf_count')
    expect(body.response_format.json_schema.strict).toBe(true)
    expect(body.response_format.json_schema.schema.properties.counts.items.properties.id.enum).toEqual(['p1', 'p2', 'p3'])

    const [system, user] = body.messages
    expect(system?.role).toBe('system')
    expect(system?.content).toContain('- p1: "Earl Grey Tea 100g", SKU "TEA-100", barcode "5012345678900"\n- p2: "Oat Milk 1L"\n- p3: "Strawberry Jam", SKU "JAM-1"\n')
    expect(system?.content).not.toContain('prod-tea')
    expect(user?.role).toBe('user')
    const images = (user?.content as { type: string; image_url?: { url: string; detail: string } }[])
      .filter((part) => part.type === 'image_url')
      .map((part) => part.image_url)
    expect(images).toEqual([
      { url: 'https://img.example/tea.jpg', detail: 'low' },
      { url: 'https://img.example/jam.jpg', detail: 'low' },
      { url: 'data:image/jpeg;base64,/9j/4AECAw==', detail: 'high' },
    ])
  })

  it('caps reference photos and sends no Authorization header without a key', async () => {
    const { analyser, server } = await analyserFor([answer({ counts: [], unrecognised: [] })], { maxReferenceImages: 1, apiKey: null })
    await analyser.analyse(photo, catalogue)
    const [request] = server.requests
    expect(request?.headers.authorization).toBeUndefined()
    const user = (request?.body as { messages: { content: { type: string; image_url?: { url: string } }[] }[] }).messages[1]
    expect(user?.content.filter((part) => part.type === 'image_url').map((part) => part.image_url?.url)).toEqual([
      'https://img.example/tea.jpg',
      'data:image/jpeg;base64,/9j/4AECAw==',
    ])
  })

  it('drops made-up ids and sums a product listed twice, keeping the lower confidence', async () => {
    const { analyser } = await analyserFor([
      answer({
        counts: [
          { id: 'p9', count: 7, confidence: 0.9 },
          { id: 'prod-tea', count: 5, confidence: 0.9 },
          { id: 'Earl Grey Tea 100g', count: 6, confidence: 0.9 },
          { id: 'p1', count: 2, confidence: 0.8 },
          { id: 'P1', count: 3, confidence: 0.5 },
        ],
        unrecognised: [],
      }),
    ])
    const result = await analyser.analyse(photo, catalogue)
    expect(result.counts).toEqual([{ productId: 'prod-tea', count: 5, confidence: 0.5 }])
    expect(result.unmatched).toEqual([])
  })


  it('rejects a photo that is not JPEG, PNG or WebP without calling the service', async () => {
    const { analyser, server } = await analyserFor([answer({ counts: [], unrecognised: [] })])
    const error = await failure(analyser.analyse({ bytes: Buffer.from('GIF89a'), mimeType: 'image/gif' }, catalogue))
    expect(error.code).toBe('unreadable_image')
    expect(server.requests).toHaveLength(0)
  })

  it('does not call the service for an empty catalogue', async () => {
    const { analyser, server } = await analyserFor([answer({ counts: [], unrecognised: [] })])
    expect(await analyser.analyse(photo, [])).toEqual({ analyser: 'vision', counts: [], unmatched: [], usage: null })
    expect(server.requests).toHaveLength(0)
  })
})
