import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { z } from 'zod'
import { createShopSchema, isValidTimeZone } from './shop'

// A checkbox sends "on" when ticked and nothing when not.
const checkbox = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on')

export const shopSettingsSchema = z.object({
  name: createShopSchema.shape.name,
  currency: createShopSchema.shape.currency.unwrap(),
  timezone: z.string({ error: 'Choose a time zone from the list' }).max(64).refine(isValidTimeZone, { error: 'Choose a time zone from the list' }),
  report_time: z
    .string({ error: 'Choose a report time' })
    .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, { error: 'Choose a report time on the quarter hour, like 19:00' }),
})

export const channelsSchema = z.object({
  email_report: checkbox,
  low_stock_digest: checkbox,
  whatsapp_report: checkbox,
  sheets_feed: checkbox,
  owner_email: checkbox,
})

export const emailRecipientSchema = z.object({
  email: z
    .string({ error: 'Enter an email address' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'That email address is too long' })
    .pipe(z.email({ error: 'Enter a valid email address' })),
})

/** A WhatsApp number with its country code, stored in E.164 (+447700900123). */
export const whatsAppRecipientSchema = z.object({
  phone: z
    .string({ error: 'Enter a WhatsApp number' })
    .trim()
    .max(40, { error: 'Enter the number with its country code, like +44 7911 123456' })
    .transform((value, context) => {
      const parsed = parsePhoneNumberFromString(value)
      if (!value.startsWith('+') || !parsed?.isValid()) {
        context.addIssue({ code: 'custom', message: 'Enter the number with its country code, like +44 7911 123456' })
        return z.NEVER
      }
      return parsed.number
    }),
})

export const recipientIdSchema = z.object({ id: z.uuid({ error: 'No such recipient' }) })

export const recipientTokenSchema = z.object({
  token: z.string({ error: 'This link is not complete' }).regex(/^[0-9a-f]{64}$/, { error: 'This link is not complete: copy the whole link from the email' }),
})
