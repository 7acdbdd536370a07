const formatters = new Map<string, Intl.NumberFormat>()

function formatter(currency: string): Intl.NumberFormat {
  let format = formatters.get(currency)
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    formatters.set(currency, format)
  }
  return format
}

/** £, $, €, ₹: the symbol the shop's currency is shown with. */
export function currencySymbol(currency: string): string {
  return formatter(currency).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency
}

export function formatMoney(amount: number | string | null, currency: string): string {
  if (amount === null || amount === '') return '—'
  return formatter(currency).format(Number(amount))
}

/** The currency's minor units: 2 for GBP, 0 for JPY. */
export function currencyDigits(currency: string): number {
  return formatter(currency).resolvedOptions().maximumFractionDigits ?? 2
}

// Amounts are stored as numeric(12,2): never more than two decimals.
const STORED_DIGITS = 2

/**
 * An amount as it is typed and written to CSV: no symbol, no grouping, a point and the
 * currency's minor units (0.40, not 0.4; 120 in yen). Cents a yen amount does hold are kept.
 */
export function formatMoneyInput(amount: number | string | null, currency: string): string {
  if (amount === null || amount === '') return ''
  const value = Number(amount)
  const stored = value.toFixed(STORED_DIGITS)
  const digits = Math.min(currencyDigits(currency), STORED_DIGITS)
  return Number(stored) === Number(value.toFixed(digits)) ? value.toFixed(digits) : stored
}
