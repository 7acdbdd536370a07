import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'
import examples from 'libphonenumber-js/mobile/examples'
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
  // the owner's form only: where and when reports go is theirs (a manager's form has no report time)
  report_time: z
    .string({ error: 'Choose a report time' })
    .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, { error: 'Choose a report time on the quarter hour, like 19:00' })
    .optional(),
})

export const teamSettingsSchema = z.object({
  staff_can_confirm: checkbox,
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

/** A WhatsApp number as typed; parseWhatsAppNumber reads it with the shop's country. */
export const whatsAppRecipientSchema = z.object({
  phone: z
    .string({ error: 'Enter a WhatsApp number' })
    .trim()
    .min(1, { error: 'Enter a WhatsApp number' })
    .max(40, { error: 'That is too long for a phone number' }),
})

/** What to say when a number cannot be read: an example as people write it in the shop's country. */
export function phoneNumberHint(country: CountryCode | undefined): string {
  const example = country && getExampleNumber(country, examples)
  if (!example) return 'Enter the number with its country code, like +44 7911 123456'
  return `Enter a WhatsApp number, like ${example.formatNational()}, or ${example.formatInternational()} for a number in another country`
}

/** The number in E.164 (+447911123456), read as written in `country` unless it starts with +; null when it is not a phone number. */
export function parseWhatsAppNumber(phone: string, country: CountryCode | undefined): string | null {
  const parsed = parsePhoneNumberFromString(phone, country ? { defaultCountry: country } : undefined)
  return parsed?.isValid() ? parsed.number : null
}

export const recipientIdSchema = z.object({ id: z.uuid({ error: 'No such recipient' }) })

/** The code the person at a WhatsApp number was sent, as the owner types it ("123 456" too). */
export const whatsAppCodeSchema = recipientIdSchema.extend({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'Enter the 6-digit code' })),
})

export const recipientTokenSchema = z.object({
  token: z.string({ error: 'This link is not complete' }).regex(/^[0-9a-f]{64}$/, { error: 'This link is not complete: copy the whole link from the email' }),
})
