import type { MetadataRoute } from 'next'
import { BACKGROUND_COLOR, THEME_COLOR } from '@/lib/brand'

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'ShelfSnap',
    short_name: 'ShelfSnap',
    description: 'Snap your shelves, know your stock. Inventory tracking for small shops.',
    start_url: '/app/products',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/apple-icon.png', sizes: '180x180', type: 'image/png' },
    ],
  }
}
