'use client'

import { SideTime } from './side-time'
import { useLiveReview } from './live-review'

/** Each side's time, as every device of the shop last set it. */
export function PhotoTimes({ sessionId, editable }: { sessionId: string; editable: boolean }) {
  const { times } = useLiveReview()
  return (
    <section aria-label="Photo times" className="divide-y rounded-xl border px-3">
      {times.map((time) => (
        <SideTime key={time.side} sessionId={sessionId} {...time} editable={editable} />
      ))}
    </section>
  )
}
