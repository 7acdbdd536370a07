// The real camera photos in ../shared/real-photos (outside the repository:
// they are read from there, never copied in): its manifest, and each item's
// image as its variant makes it. Used by the real-photos bench and the unit
// test that reads a fixed subset of them.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

/** The folder, beside the project's root. */
export const REAL_PHOTOS_DIR = fileURLToPath(new URL('../../../shared/real-photos/', import.meta.url))

export const VARIANTS = ['orig', 'r90', 'r180', 'r+20', 'r-20', 'd1600'] as const
export type Variant = (typeof VARIANTS)[number]

export interface ExpectedCode {
  format: string
  text: string
}

export interface ManifestItem {
  id: string
  /** relative to REAL_PHOTOS_DIR */
  file: string
  variant: Variant
  /** the item's kind: a symbology, 'multi' (several codes) or 'none' (no code) */
  format: string
  expected: ExpectedCode[]
  /** codes really in the photo but not the point of it: reading them is not wrong */
  alsoPresent?: { text: string; format?: string }[]
  /** false for the few items no reader reads: they only check that nothing wrong is reported */
  scoreRead: boolean
}

export const realPhotosPresent = () => existsSync(join(REAL_PHOTOS_DIR, 'manifest.json'))

export async function loadManifest(): Promise<ManifestItem[]> {
  const items = JSON.parse(await readFile(join(REAL_PHOTOS_DIR, 'manifest.json'), 'utf8')) as ManifestItem[]
  for (const item of items) if (!VARIANTS.includes(item.variant)) throw new Error(`${item.id}: unknown variant ${item.variant}`)
  return items
}

/** An item's key, unique in the manifest (one file can appear under several variants). */
export const itemKey = (item: Pick<ManifestItem, 'file' | 'variant'>) => `${item.file} ${item.variant}`

/**
 * The image the item is read from, encoded (the file itself for `orig`,
 * else a lossless PNG): turned clockwise (r90, r180), tilted 20° clockwise or
 * anticlockwise on white (r+20, r-20), or downscaled to a 1600 px long side (d1600).
 */
export async function variantImage(item: Pick<ManifestItem, 'file' | 'variant'>): Promise<Buffer> {
  const file = await readFile(join(REAL_PHOTOS_DIR, item.file))
  if (item.variant === 'orig') return file
  const image = sharp(file).flatten({ background: '#ffffff' })
  const made =
    item.variant === 'd1600'
      ? image.resize({ width: 1600, height: 1600, fit: 'inside' })
      : image.rotate(item.variant === 'r+20' ? 20 : item.variant === 'r-20' ? -20 : Number(item.variant.slice(1)), { background: '#ffffff' })
  return made.png({ compressionLevel: 1 }).toBuffer()
}

/** The encoded image decoded to RGBA, as a browser's ImageData holds it. */
export async function rgbaOf(encoded: Buffer): Promise<ImageData> {
  const { data, info } = await sharp(encoded).ensureAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: 'srgb' }
}
