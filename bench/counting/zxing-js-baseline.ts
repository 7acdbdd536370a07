// The pure-JS @zxing/library as a baseline: MultiFormatReader on the full
// frame (HybridBinarizer, TRY_HARDER), made to find several codes the way
// zxing's GenericMultipleBarcodeReader does (which @zxing/library 0.21 lacks):
// after each find, read again left of, right of, above and below it.
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource, type Result } from '@zxing/library'
import sharp from 'sharp'
import { canonicalCode } from '../../lib/counting/barcode/retail-codes.ts'

const MAX_DEPTH = 4
const MIN_SIZE = 100

const FORMAT_NAMES = new Map<BarcodeFormat, string>([
  [BarcodeFormat.EAN_13, 'EAN13'],
  [BarcodeFormat.EAN_8, 'EAN8'],
  [BarcodeFormat.UPC_A, 'UPCA'],
  [BarcodeFormat.UPC_E, 'UPCE'],
  [BarcodeFormat.CODE_128, 'Code128'],
  [BarcodeFormat.QR_CODE, 'QRCode'],
  [BarcodeFormat.DATA_MATRIX, 'DataMatrix'],
])

function reader(): MultiFormatReader {
  const r = new MultiFormatReader()
  r.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [...FORMAT_NAMES.keys()]], [DecodeHintType.TRY_HARDER, true]]))
  return r
}

function decodeAll(r: MultiFormatReader, image: BinaryBitmap, left: number, top: number, depth: number, out: { text: string; format: string; x: number; y: number }[]): void {
  if (depth > MAX_DEPTH || image.getWidth() < MIN_SIZE || image.getHeight() < MIN_SIZE) return
  let result: Result
  try {
    result = r.decodeWithState(image)
  } catch {
    return
  }
  const points = result.getResultPoints().filter(Boolean)
  const xs = points.map((p) => p.getX())
  const ys = points.map((p) => p.getY())
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const x = left + (minX + maxX) / 2
  const y = top + (minY + maxY) / 2
  if (!out.some((o) => o.text === result.getText() && Math.hypot(o.x - x, o.y - y) < 40)) {
    out.push({ ...canonicalCode(FORMAT_NAMES.get(result.getBarcodeFormat()) ?? 'other', result.getText()), x, y })
  }
  const [w, h] = [image.getWidth(), image.getHeight()]
  if (minX > MIN_SIZE) decodeAll(r, image.crop(0, 0, Math.floor(minX), h), left, top, depth + 1, out)
  if (minY > MIN_SIZE) decodeAll(r, image.crop(0, 0, w, Math.floor(minY)), left, top, depth + 1, out)
  if (maxX < w - MIN_SIZE) decodeAll(r, image.crop(Math.ceil(maxX), 0, w - Math.ceil(maxX), h), left + Math.ceil(maxX), top, depth + 1, out)
  if (maxY < h - MIN_SIZE) decodeAll(r, image.crop(0, Math.ceil(maxY), w, h - Math.ceil(maxY)), left, top + Math.ceil(maxY), depth + 1, out)
}

/** The codes @zxing/library finds in the photo (luminance from sharp, like the engine). */
export async function decodeWithZxingJs(jpeg: Buffer): Promise<{ text: string; format: string }[]> {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true })
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
  const found: { text: string; format: string; x: number; y: number }[] = []
  decodeAll(reader(), new BinaryBitmap(new HybridBinarizer(source)), 0, 0, 0, found)
  return found
}
