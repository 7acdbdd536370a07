import type { MetadataRoute } from 'next'
import { BACKGROUND_COLOR, THEME_COLOR } from '@/lib/brand'

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'ShelfSnap',
    short_name: 'ShelfSnap',
    description: 'Snap your shelves, know your stock. Inventory tracking for small shops.',
    id: '/app/products',
    start_url: '/app/products',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    // PNGs at 192 and 512 px are what installing asks for; the maskable one fills the phone's icon shape.
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  }
}
