import 'server-only'
import type { Analyser } from './analyser'
import { createBarcodeAnalyser } from './barcode/barcode-analyser'
import { createVisionAnalyser } from './vision/vision-analyser'
import { visionConfigFromEnv } from './vision/vision-config'

/** The vision model when its environment variables are set; otherwise barcodes (offline and exact). */
export function pickAnalyser(env: Record<string, string | undefined> = process.env): Analyser {
  const vision = visionConfigFromEnv(env)
  return vision ? createVisionAnalyser(vision) : createBarcodeAnalyser()
}

/** Demo visitors (anonymous accounts, free for anyone to make) count with barcodes only: the vision model is paid per photo. */
export function analyserFor(anonymous: boolean, env: Record<string, string | undefined> = process.env): Analyser {
  return anonymous ? createBarcodeAnalyser() : pickAnalyser(env)
}

/** Whether this user's photos are counted with barcodes, which the phone can read itself (the vision model runs on the server). */
export function countsBarcodes(anonymous: boolean, env: Record<string, string | undefined> = process.env): boolean {
  if (anonymous) return true
  try {
    return visionConfigFromEnv(env) === null
  } catch {
    // misconfigured: the server's count says so (start-analysis.ts)
    return false
  }
}
