// `npm run bench`: every figure with its same-run baseline. Results are also
// written to bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs'
import { formatFigures, type Figure } from './stats.ts'
import { runCountingBench } from './counting-bench.ts'
import { runDeliveryBench } from './delivery-bench.ts'
import { runDeviceDecodeBench } from './device-decode-bench.ts'
import { runLighthouseBench } from './lighthouse-bench.ts'
import { runLoadBench } from './load-bench.ts'
import { runRealtimeBench } from './realtime-bench.ts'
import { runRealPhotosBench } from './real-photos-bench.ts'
import { runReportsBench } from './reports-bench.ts'
import { runCounterBench } from './search-bench.ts'
import { runStackBench } from './stack-bench.ts'
import { runZxingSamplesBench } from './zxing-samples-bench.ts'

const suites: [string, () => Promise<Figure[]>][] = [
  ['Local Supabase stack', runStackBench],
  // `npm run bench -- realtime`; BENCH_DATABASE_URL adds PostgreSQL
  ['Realtime: 50 devices of 10 shops, 1,000 changes through REST, each device only its own shop (RLS)', runRealtimeBench],
  ['Counter: search and /app/products against its bare route, 5,000 products', runCounterBench],
  ['Photo counting', runCountingBench],
  // `npm run bench -- real-photos` picks it by this title
  ['Real-photos: barcode analyser vs one plain zxing call', runRealPhotosBench],
  // `npm run bench -- zxing-samples`, with ZXING_SAMPLES_DIR set
  // `npm run bench -- lighthouse`, `npm run bench -- load`: production build on SUPABASE_LOCAL_PORT / E2E_APP_PORT
  ['Lighthouse (mobile), median of 3 runs', runLighthouseBench],
  ['Load: signed-in sessions against a production build, pages vs bare route handlers', runLoadBench],
  // `npm run bench -- reports`: on PostgreSQL (BENCH_DATABASE_URL, default the local server)
  ['Reports at scale: /reports and /app/reorder against their own SQL, about 1,000,000 ledger rows', runReportsBench],
  // `npm run bench -- delivery`: on PostgreSQL (BENCH_DATABASE_URL), production build and mail catcher
  ['Delivery: one cron run for 10,000 due shops, mail catcher as the SMTP server', runDeliveryBench],
  ['Zxing-samples: held-out zxing-cpp test photos, barcode analyser vs one plain zxing call', runZxingSamplesBench],
  // `npm run bench -- device-decode`: the decode worker in system Chromium against one plain zxing call in the same page
  ['Device-decode: the barcode decoder in the browser (worker), real photos and 12 MP shelves, vs one plain zxing call', runDeviceDecodeBench],
]
const only = process.argv[2]
const results: Record<string, Figure[]> = {}
for (const [title, run] of suites) {
  if (only && !title.toLowerCase().includes(only.toLowerCase())) continue
  results[title] = await run()
  console.log(formatFigures(title, results[title]))
}
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/latest.json', JSON.stringify({ at: new Date().toISOString(), results }, null, 2))
process.exit(0)
