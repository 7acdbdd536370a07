import { z } from 'zod'

export const purchaseOrderIdSchema = z.uuid({ error: 'Purchase order not found' })

export const purchaseOrderStatusSchema = z.object({
  id: purchaseOrderIdSchema,
  status: z.enum(['sent', 'cancelled'], { error: 'Pick sent or cancelled' }),
})

const RECEIVE_KEY = /^receive:([0-9a-f-]{36})$/i
const WHOLE = /^\d{1,6}$/

/**
 * The receive form: `receive:<line id>` = units arriving now (blank: none), `before:<line id>` =
 * what the screen showed as received already, `allow_over` once the owner confirmed more than ordered.
 */
export const receiveSchema = z
  .looseObject({ id: purchaseOrderIdSchema, allow_over: z.unknown().optional() })
  .transform((entries, ctx) => {
    const lines: { lineId: string; units: number; receivedBefore: number }[] = []
    for (const [key, value] of Object.entries(entries)) {
      const lineId = RECEIVE_KEY.exec(key)?.[1]
      if (!lineId || typeof value !== 'string' || value.trim() === '') continue
      const units = value.trim()
      const before = entries[`before:${lineId}`]
      if (!WHOLE.test(units) || Number(units) < 1) {
        ctx.addIssue({ code: 'custom', message: 'Received quantities must be whole numbers of 1 or more', path: [key] })
        continue
      }
      if (typeof before !== 'string' || !WHOLE.test(before)) {
        ctx.addIssue({ code: 'custom', message: 'Reload the page and try again', path: [key] })
        continue
      }
      lines.push({ lineId: lineId.toLowerCase(), units: Number(units), receivedBefore: Number(before) })
    }
    if (lines.length === 0 && ctx.issues.length === 0) ctx.addIssue({ code: 'custom', message: 'Enter how many arrived' })
    return { id: entries.id, allowOver: entries.allow_over === 'on' || entries.allow_over === 'true', lines }
  })

const PACKS_KEY = /^packs:([0-9a-f-]{36})$/i

/** A draft's lines: `packs:<line id>` = whole packs, 0 to take the line off. */
export const draftLinesSchema = z
  .looseObject({ id: purchaseOrderIdSchema })
  .transform((entries, ctx) => {
    const lines: { lineId: string; packs: number }[] = []
    for (const [key, value] of Object.entries(entries)) {
      const lineId = PACKS_KEY.exec(key)?.[1]
      if (!lineId) continue
      const packs = typeof value === 'string' ? value.trim() : ''
      if (!WHOLE.test(packs) || Number(packs) > 100_000) {
        ctx.addIssue({ code: 'custom', message: 'Packs must be a whole number from 0 to 100,000 (0 takes the line off)', path: [key] })
        continue
      }
      lines.push({ lineId: lineId.toLowerCase(), packs: Number(packs) })
    }
    if (lines.length === 0 && ctx.issues.length === 0) ctx.addIssue({ code: 'custom', message: 'Reload the page and try again' })
    return { id: entries.id, lines }
  })
