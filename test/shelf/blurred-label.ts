import bwipjs from 'bwip-js/node'
import sharp from 'sharp'

/**
 * One retail label of `text` (bwip-js, no digits printed) at `modulePx` pixels a module, blurred by `sigma` px
 * (a close-up out of focus), on a grey card: as a PNG and as its RGB pixels.
 */
export async function blurredLabel(bcid: 'ean13' | 'upca' | 'upce', text: string, modulePx: number, sigma: number) {
  const png = await bwipjs.toBuffer({ bcid, text, scale: 4, height: 20, includetext: false, paddingwidth: 12, paddingheight: 8, backgroundcolor: 'ffffff' })
  const { width } = await sharp(png).metadata()
  const scaled = await sharp(png)
    .resize({ width: Math.round((width! / 4) * modulePx), kernel: 'cubic' })
    .extend({ top: 30, bottom: 30, left: 40, right: 40, background: '#8c8c8c' })
    .blur(sigma)
    .flatten({ background: '#8c8c8c' })
    .png()
    .toBuffer()
  const { data, info } = await sharp(scaled).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { rgb: { data, width: info.width, height: info.height, channels: info.channels }, png: scaled }
}
