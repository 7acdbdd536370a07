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
