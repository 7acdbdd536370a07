import { describe, expect, it } from 'vitest'
import { channelsSchema, emailRecipientSchema, parseWhatsAppNumber, phoneNumberHint, shopSettingsSchema, whatsAppCodeSchema, whatsAppRecipientSchema } from './delivery-settings'

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('shopSettingsSchema', () => {
  const good = { name: 'Corner Shop', currency: 'INR', timezone: 'Asia/Kolkata', report_time: '19:00' }
  it('takes a name, a currency, an IANA zone and a report time on the quarter hour', () => {
    expect(shopSettingsSchema.parse(good)).toEqual(good)
    expect(shopSettingsSchema.parse({ ...good, timezone: 'America/St_Johns', report_time: '07:45' }).report_time).toBe('07:45')
  })
  it('refuses an unknown zone, a time off the quarter hour, a bad currency, a short name', () => {
    expect(firstError(shopSettingsSchema.safeParse({ ...good, timezone: 'Mars/Olympus' }))).toBe('Choose a time zone from the list')
    expect(firstError(shopSettingsSchema.safeParse({ ...good, report_time: '19:10' }))).toBe('Choose a report time on the quarter hour, like 19:00')
    expect(firstError(shopSettingsSchema.safeParse({ ...good, report_time: '24:00' }))).toBe('Choose a report time on the quarter hour, like 19:00')
    expect(firstError(shopSettingsSchema.safeParse({ ...good, currency: 'BTC' }))).toBe('Please select a valid currency')
    expect(firstError(shopSettingsSchema.safeParse({ ...good, name: 'x' }))).toBe('Shop name must be at least 2 characters')
  })
})

describe('channelsSchema', () => {
  it('reads ticked boxes as on and missing ones as off', () => {
    expect(channelsSchema.parse({ email_report: 'on', sheets_feed: 'on' })).toEqual({
      email_report: true,
      low_stock_digest: false,
      whatsapp_report: false,
      sheets_feed: true,
      owner_email: false,
    })
    expect(channelsSchema.safeParse({ email_report: 'yes' }).success).toBe(false)
  })
})

describe('recipients', () => {
  it('lowercases and checks an email address', () => {
    expect(emailRecipientSchema.parse({ email: '  Partner@Example.COM ' })).toEqual({ email: 'partner@example.com' })
    expect(firstError(emailRecipientSchema.safeParse({ email: 'partner@' }))).toBe('Enter a valid email address')
  })

  it.each([
    ['+44 7911 123456', 'GB', '+447911123456'],
    // as people in the shop's country write a number: a UK mobile in a London shop
    ['07911 123456', 'GB', '+447911123456'],
    ['07911-123-456', 'GB', '+447911123456'],
    ['+91 98765 43210', 'GB', '+919876543210'],
    ['098765 43210', 'IN', '+919876543210'],
    ['(201) 555-0123', 'US', '+12015550123'],
    ['+64 21 123 4567', undefined, '+64211234567'],
    ['+1 709 555 0123', 'IN', '+17095550123'],
  ] as const)('reads the WhatsApp number %s in a shop in %s as %s (E.164)', (phone, country, e164) => {
    expect(parseWhatsAppNumber(whatsAppRecipientSchema.parse({ phone: ` ${phone} ` }).phone, country)).toBe(e164)
  })

  it.each([
    ['07911 123456', undefined],
    ['07700 900123', 'GB'],
    ['+44 123', 'GB'],
    ['+99 1234 5678', 'GB'],
    ['call me', 'GB'],
  ] as const)('refuses %j in a shop in %s', (phone, country) => {
    expect(parseWhatsAppNumber(phone, country)).toBeNull()
  })

  it("says how to write a number in the shop's country", () => {
    expect(phoneNumberHint('GB')).toBe('Enter a WhatsApp number, like 07400 123456, or +44 7400 123456 for a number in another country')
    expect(phoneNumberHint(undefined)).toBe('Enter the number with its country code, like +44 7911 123456')
    expect(firstError(whatsAppRecipientSchema.safeParse({ phone: '  ' }))).toBe('Enter a WhatsApp number')
  })

  it('reads a 6-digit code as typed, and nothing else', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e'
    expect(whatsAppCodeSchema.parse({ id, code: ' 123 456 ' })).toEqual({ id, code: '123456' })
    for (const code of ['12345', '1234567', 'abcdef', '']) expect(firstError(whatsAppCodeSchema.safeParse({ id, code }))).toBe('Enter the 6-digit code')
  })
})
