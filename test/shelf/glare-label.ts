import bwipjs from 'bwip-js/node'
import sharp from 'sharp'
import type { RgbImage } from '@/lib/counting/barcode/grey-image'

/**
 * EAN-13 labels side by side (bwip-js at 2 px a module, no digits printed, slightly blurred), the last
 * under a glare: a vertical band of reflection `lift` grey levels bright at its middle (at 60% of the
 * label's width, fading over 8% of it), clipped at white, as a shiny pack under a shop light. As grey
 * RGB pixels and a PNG of them.
 */
export async function glareLabels(texts: readonly string[], lift: number): Promise<{ rgb: RgbImage; png: Buffer }> {
  const labels = await Promise.all(
    texts.map(async (text) => {
      const png = await bwipjs.toBuffer({ bcid: 'ean13', text, scale: 2, height: 20, includetext: false, paddingwidth: 20, paddingheight: 10, backgroundcolor: 'ffffff' })
      return sharp(png).greyscale().blur(0.8).raw().toBuffer({ resolveWithObject: true })
    }),
  )
  const [width, height] = [labels.reduce((sum, l) => sum + l.info.width, 0), labels[0]!.info.height]
  const data = new Uint8Array(width * height * 3)
  let left = 0
  for (const [i, { data: grey, info }] of labels.entries()) {
    const glare = i === labels.length - 1 ? lift : 0
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const v = Math.min(255, grey[y * info.width + x]! + glare * Math.exp(-(((x / info.width - 0.6) / 0.08) ** 2)))
        data.fill(Math.round(v), 3 * (y * width + left + x), 3 * (y * width + left + x) + 3)
      }
    }
    left += info.width
  }
  const png = await sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer()
  return { rgb: { data, width, height, channels: 3 }, png }
}
