import type { QrShape } from '@/lib/labels/qr-code'

/** A QR code drawn black on its own white square, so it scans on any background. */
export function QrCode({ shape, label, className }: { shape: QrShape; label: string; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={shape.viewBox}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={shape.path} fill="#000" fillRule="evenodd" />
    </svg>
  )
}
