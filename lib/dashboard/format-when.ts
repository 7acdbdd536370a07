const formats = new Map<string, Intl.DateTimeFormat>()

function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`
  let formatter = formats.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, ...options })
    formats.set(key, formatter)
  }
  return formatter
}

/** YYYY-MM-DD of an instant on the shop's calendar. */
export function shopDate(date: Date, timeZone: string): string {
  const parts = format(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

function dayBefore(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`)
  noon.setUTCDate(noon.getUTCDate() - 1)
  return noon.toISOString().slice(0, 10)
}

/** "Today 14:05", "Yesterday 18:30" or "3 Nov 2026, 09:00", on the shop's clock; `today` is the shop's date. */
export function formatWhen(iso: string, timeZone: string, today: string): string {
  const date = new Date(iso)
  const time = format(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date)
  const day = shopDate(date, timeZone)
  if (day === today) return `Today ${time}`
  if (day === dayBefore(today)) return `Yesterday ${time}`
  return `${format(timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(date)}, ${time}`
}

/** "Saturday, 21 November 2026" for the shop's date. */
export function formatLongDate(date: string): string {
  return format('UTC', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`))
}
