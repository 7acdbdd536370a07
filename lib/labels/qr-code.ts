import 'server-only'
import bwipjs from 'bwip-js/node'

export interface QrShape {
  viewBox: string
  /** the dark modules as one even-odd path */
  path: string
}

/**
 * A QR code for `text`, exactly as given (bwip-js parses no escapes unless asked),
 * error correction M, with the four-module quiet zone scanners need: a module is
 * 2 points and padding is in points.
 */
export function qrCode(text: string): QrShape {
  const svg = bwipjs.toSVG({ bcid: 'qrcode', text, paddingwidth: 8, paddingheight: 8 })
  const viewBox = /<svg viewBox="([\d. ]+)"/.exec(svg)?.[1]
  const path = /<path d="([^"]+)"/.exec(svg)?.[1]
  if (!viewBox || !path) throw new Error('bwip-js drew a QR code of an unexpected shape')
  return { viewBox, path }
}
