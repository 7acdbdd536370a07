import type { CatalogueItem, PhotoInput } from '../analyser'

// What goes to the model. Products are named by short ids ("p1".."pN", by catalogue
// position) so the answer can only point at a product we sent; the analyser maps them back.

export const SCHEMA_NAME = 'shelf_count'

export const shortId = (index: number) => `p${index + 1}`

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail: 'low' | 'high' } }

export interface ChatMessage {
  role: 'system' | 'user'
  content: string | ContentPart[]
}

/** The JSON schema of the answer, in the subset OpenAI's strict mode accepts (every key required, no extras). */
export function answerJsonSchema(catalogueSize: number) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['counts', 'unrecognised'],
    properties: {
      counts: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'count', 'confidence'],
          properties: {
            id: { type: 'string', enum: Array.from({ length: catalogueSize }, (_, i) => shortId(i)) },
            count: { type: 'integer', minimum: 0 },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
          },
        },
      },
      unrecognised: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['description', 'count'],
          properties: {
            description: { type: 'string' },
            count: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
  }
}

function catalogueLine(item: CatalogueItem, index: number): string {
  // JSON strings keep an owner's product name from reading as an instruction.
  const parts = [`${shortId(index)}: ${JSON.stringify(item.name)}`]
  if (item.sku) parts.push(`SKU ${JSON.stringify(item.sku)}`)
  if (item.barcode) parts.push(`barcode ${JSON.stringify(item.barcode)}`)
  return `- ${parts.join(', ')}`
}

export function systemPrompt(catalogue: readonly CatalogueItem[]): string {
  return [
    'You count products on a photo of a shop shelf for a stock check. The shop owner reviews your answer before any stock changes.',
    'These are the only products in the catalogue. Refer to a product only by its id (the part before the colon):',
    ...catalogue.map(catalogueLine),
    '',
    'Rules:',
    '- Count only units you can actually see and identify. Do not estimate units hidden behind others.',
    '- Leave out catalogue products you do not see; never list an id with a guess.',
    '- If you are not sure which catalogue product an item is, put it in "unrecognised" with a short description instead of choosing an id.',
    '- confidence is 0 to 1: how sure you are of both the product and the exact count.',
    '- Answer only with JSON that matches the given schema.',
  ].join('\n')
}

/** The catalogue's reference photos (the first `max` products that have one), then the shelf photo. */
export function userContent(photo: PhotoInput, catalogue: readonly CatalogueItem[], max: number): ContentPart[] {
  const references = catalogue
    .flatMap((item, index) => (item.imageUrl ? [{ index, name: item.name, url: item.imageUrl }] : []))
    .slice(0, max)
  const parts: ContentPart[] = []
  if (references.length > 0) {
    parts.push({ type: 'text', text: 'Reference photos of some catalogue products:' })
    for (const { index, name, url } of references) {
      parts.push({ type: 'text', text: `${shortId(index)}: ${JSON.stringify(name)}` })
      parts.push({ type: 'image_url', image_url: { url, detail: 'low' } })
    }
  }
  parts.push({ type: 'text', text: 'The shelf photo to count:' })
  parts.push({ type: 'image_url', image_url: { url: `data:${photo.mimeType};base64,${photo.bytes.toString('base64')}`, detail: 'high' } })
  return parts
}

export function chatRequestBody(model: string, photo: PhotoInput, catalogue: readonly CatalogueItem[], maxReferenceImages: number) {
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(catalogue) },
    { role: 'user', content: userContent(photo, catalogue, maxReferenceImages) },
  ]
  return {
    model,
    temperature: 0,
    messages,
    response_format: {
      type: 'json_schema',
      json_schema: { name: SCHEMA_NAME, strict: true, schema: answerJsonSchema(catalogue.length) },
    },
  }
}
