import type { ProductSighting } from '@/lib/data/stocktake-review'

/** The part of the photo where a product's label was found: a square around it, with some shelf either side. */
export function PhotoCrop({ sighting, url, name }: { sighting: ProductSighting; url: string; name: string }) {
  const { box } = sighting
  const side = Math.max(box.width, box.height) * 1.6
  const left = box.x + box.width / 2 - side / 2
  const top = box.y + box.height / 2 - side / 2
  return (
    <div className="relative size-20 shrink-0 overflow-hidden rounded-md border bg-muted">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={url}
        // The crops show the full photo (the preview is too coarse for a label): the ones down the
        // list wait until the owner scrolls to them, and none holds up the first screen.
        loading="lazy"
        decoding="async"
        alt={`Where ${name} was found in the ${sighting.side === 'start' ? 'Start of Day' : 'End of Day'} photo`}
        className="absolute max-w-none"
        style={{
          width: `${(sighting.width / side) * 100}%`,
          left: `${(-left / side) * 100}%`,
          top: `${(-top / side) * 100}%`,
        }}
      />
    </div>
  )
}
