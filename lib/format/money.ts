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
