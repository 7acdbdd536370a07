// A formatter per style and zone, made once: building one costs as much as fifty uses.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${withTime}:${timeZone}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: withTime ? 'short' : undefined, timeZone })
    formatters.set(key, format)
  }
  return format
}

/** "21 Nov 2026, 14:05" on the shop's clock. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatter(timeZone, true).format(new Date(iso))
}

/** The same moment as a datetime-local input's value on the shop's clock: "2026-11-21T14:05". */
export function toLocalInput(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`
}

/** "21 Nov 2026" on the shop's clock. */
export function formatDate(iso: string, timeZone: string): string {
  return formatter(timeZone, false).format(new Date(iso))
}

const clock = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' })
const dayAndClock = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })

/** A moment on this device's clock: "10:42" today, "24 Nov, 10:42" before. */
export function formatSeenAt(at: number, now = Date.now()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString()
  return (sameDay ? clock : dayAndClock).format(at)
}
