// TOTP as GoTrue uses it (pquerna/otp with GoTrue's options): a 20-byte secret,
// SHA-1, 6 digits, 30-second steps, a code accepted one step either side.
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

const OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const
/** pquerna's ValidateOpts Skew: 1 */
const SKEW = 1

export interface NewTotp {
  secret: string
  uri: string
  /** the otpauth URI as a QR code, an SVG document */
  qrCode: string
}

/** A new secret for `accountName` at `issuer`, with its otpauth:// URI and QR code. */
export async function newTotp(issuer: string, accountName: string): Promise<NewTotp> {
  const totp = new TOTP({ ...OPTIONS, issuer, label: accountName, secret: new Secret({ size: 20 }) })
  const uri = totp.toString()
  return { secret: totp.secret.base32, uri, qrCode: await qrSvg(uri) }
}

/**
 * Trap: auth-js puts the SVG unencoded after `data:image/svg+xml;utf-8,`, where a `#` would start
 * the URL's fragment and cut the image short. GoTrue's SVG names its colours; qrcode writes hex.
 */
async function qrSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'H', width: 200 })
  return svg.trim().replaceAll('="#ffffff"', '="white"').replaceAll('="#000000"', '="black"')
}

/** The time step of `code` when it is the secret's code within one step of `now`, else null. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.trim()
  if (!/^\d{6}$/.test(token)) return null
  const totp = new TOTP({ ...OPTIONS, secret: Secret.fromBase32(secretBase32) })
  const delta = totp.validate({ token, timestamp: now, window: SKEW })
  return delta === null ? null : totp.counter({ timestamp: now }) + delta
}
