import { z } from 'zod'
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '@/lib/shops/currencies'

const currencyCodes = CURRENCIES.map((currency) => currency.code) as [Currency, ...Currency[]]

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}

export const createShopSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, { error: 'Shop name must be at least 2 characters' })
    .max(100, { error: 'Shop name must be less than 100 characters' }),
  currency: z.enum(currencyCodes, { error: 'Please select a valid currency' }).default(DEFAULT_CURRENCY),
  // Sent by the browser (hidden field); the user never types it, so an unknown zone falls back to UTC.
  timezone: z
    .string()
    .max(64)
    .refine(isValidTimeZone)
    .catch('UTC'),
})

export type CreateShopInput = z.infer<typeof createShopSchema>

/** Deleting a shop: its name typed again, as the owner's confirmation. */
export const deleteShopSchema = z.object({
  name: z.string({ error: 'Type the shop’s name to delete it' }).trim().max(200, { error: 'Type the shop’s name to delete it' }),
})
