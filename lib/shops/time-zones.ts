// ICU lists some zones under names IANA has since replaced (Asia/Calcutta for
// Asia/Kolkata): the list an owner picks from uses today's names, and the browser's
// own zone, which may be either, is always in it.
const RENAMED: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Godthab': 'America/Nuuk',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
}

/** Every zone to pick from, sorted, with `current` (the shop's) included. */
export function timeZoneChoices(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone').map((zone) => RENAMED[zone] ?? zone))
  zones.add('UTC')
  zones.add(current)
  return [...zones].sort()
}
