// What Vercel Cron (or pg_cron) does in production, for `npm run dev`: call the delivery
// route every few minutes with the secret, so scheduled reports arrive in the mail catcher.
const EVERY_MS = 5 * 60_000

export function startCronTicker(appUrl: string, secret: string): () => void {
  const tick = async () => {
    try {
      const response = await fetch(`${appUrl}/api/cron/deliveries`, { headers: { Authorization: `Bearer ${secret}` } })
      const summary = (await response.json()) as { sent?: number; failed?: number; queuedShops?: number }
      if (summary.sent || summary.failed) {
        console.log(`▲ Delivery run: ${summary.sent ?? 0} sent, ${summary.failed ?? 0} failed (${summary.queuedShops ?? 0} ${summary.queuedShops === 1 ? 'shop' : 'shops'} due)`)
      }
    } catch {
      // the app is still starting or restarting: the next tick goes on
    }
  }
  const first = setTimeout(tick, 30_000)
  const timer = setInterval(tick, EVERY_MS)
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
