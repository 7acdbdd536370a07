import { describe, expect, it } from 'vitest'
import { channelsSchema, emailRecipientSchema, shopSettingsSchema, whatsAppRecipientSchema } from './delivery-settings'

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
    ['+44 7911 123456', '+447911123456'],
    ['+91 98765 43210', '+919876543210'],
    ['+64 21 123 4567', '+64211234567'],
    ['+1 709 555 0123', '+17095550123'],
  ])('stores the WhatsApp number %s as %s (E.164)', (phone, e164) => {
    expect(whatsAppRecipientSchema.parse({ phone })).toEqual({ phone: e164 })
  })

  it.each(['07700 900123', '+44 123', '+99 1234 5678', 'call me', ''])('refuses %j with a message', (phone) => {
    expect(firstError(whatsAppRecipientSchema.safeParse({ phone }))).toBe('Enter the number with its country code, like +44 7911 123456')
  })
})
