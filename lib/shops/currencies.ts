// Plain constants, no zod: the create-shop dialog's client bundle imports them.

export const CURRENCIES = [
  { code: 'GBP', symbol: '£' },
  { code: 'USD', symbol: '$' },
  { code: 'EUR', symbol: '€' },
  { code: 'INR', symbol: '₹' },
] as const

export type Currency = (typeof CURRENCIES)[number]['code']

export const DEFAULT_CURRENCY: Currency = 'GBP'
