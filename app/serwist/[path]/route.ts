import { createSerwistRoute } from '@serwist/turbopack'

// The service worker, bundled from app/sw.ts with esbuild when `next build` prerenders this route,
// with the precache manifest of that build's static files and public/ in it. Served at /serwist/sw.js.
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'app/sw.ts',
  useNativeEsbuild: true,
})
