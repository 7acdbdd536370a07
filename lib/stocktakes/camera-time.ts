import ExifReader from 'exifreader'

/** When a camera says it took a photo: its clock's wall time, and its offset from UTC when it wrote one. */
export interface CameraTime {
  /** 'YYYY-MM-DDTHH:MM:SS', on the camera's clock */
  local: string
  /** '+01:00'; null when the camera wrote none (the shop's time zone is assumed then) */
  offset: string | null
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/
const OFFSET = /^[+-](0\d|1[0-4]):[0-5]\d$/

function tagText(tag: { value?: unknown; description?: unknown } | undefined): string | null {
  if (!tag) return null
  const value = Array.isArray(tag.value) ? tag.value[0] : tag.description
  return typeof value === 'string' ? value.trim().replace(/\0+$/, '') : null
}

function validDate(text: string | null): string | null {
  const match = text ? EXIF_DATE.exec(text) : null
  if (!match) return null
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[]
  const probe = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!))
  // Cameras write "0000:00:00 00:00:00" when their clock was never set.
  if (y! < 2000 || probe.getUTCMonth() !== mo! - 1 || probe.getUTCDate() !== d! || h! > 23 || mi! > 59 || s! > 59) return null
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`
}

/**
 * The camera's DateTimeOriginal (with OffsetTimeOriginal) from the start of a
 * photo file, or null when it has none or it cannot be read. A missing,
 * zeroed or impossible date is no time at all, never a guess.
 */
export function readCameraTime(header: ArrayBuffer | Buffer): CameraTime | null {
  let tags: ExifReader.Tags
  try {
    tags = ExifReader.load(header)
  } catch {
    return null
  }
  const local = validDate(tagText(tags.DateTimeOriginal))
  if (!local) return null
  const offset = tagText(tags.OffsetTimeOriginal)
  return { local, offset: offset && OFFSET.test(offset) ? offset : null }
}
