import { networkInterfaces } from 'node:os'
import type { NextConfig } from 'next'
import { ACTION_BODY_LIMIT } from './lib/http/post-request'
import { staticSecurityHeaders, WORKER_CONTENT_SECURITY_POLICY } from './lib/http/security-headers'

/**
 * `next dev` serves its dev resources (/_next/*, the HMR socket) only to pages opened at
 * localhost unless told: opened at 127.0.0.1 or at the "Network:" address it prints, the
 * page never hydrates and keeps reloading. These are this machine's own addresses, as
 * Next picks the printed one (IPv6 in brackets, as a URL's hostname has it).
 */
function devOrigins(): string[] {
  const own = Object.values(networkInterfaces()).flatMap((addresses) =>
    (addresses ?? []).flatMap(({ family, address, scopeid }) => {
      if (family === 'IPv4') return [address]
      return family === 'IPv6' && scopeid === 0 ? [`[${address}]`] : []
    }),
  )
  return [...new Set(['127.0.0.1', '[::1]', ...own])]
}

const nextConfig: NextConfig = {
  // The fault tests build their own copy (test/faults), beside the e2e build in .next.
  distDir: process.env.SHELFSNAP_DIST_DIR || '.next',
  poweredByHeader: false,
  allowedDevOrigins: devOrigins(),
  // The test builds (e2e, fault tests) skip the type check that `npm run typecheck` has just
  // done over the same route types (`next typegen`); a build for a deploy always checks.
  typescript: { ignoreBuildErrors: process.env.SHELFSNAP_TYPES_CHECKED === '1' },
  // Loaded from node_modules at run time: zxing-wasm reads its .wasm from the package, sharp its native binary.
  // esbuild bundles the service worker when the build prerenders app/serwist (@serwist/turbopack).
  serverExternalPackages: ['zxing-wasm', 'sharp', 'esbuild'],
  outputFileTracingIncludes: { '/*': ['./node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'] },
  experimental: {
    serverActions: { bodySizeLimit: ACTION_BODY_LIMIT },
  },
  images: {
    remotePatterns: [
      { protocol: 'http', hostname: '127.0.0.1' },
      { protocol: 'http', hostname: 'localhost' },
      { protocol: 'https', hostname: '*.supabase.co' },
    ],
  },
  // What the proxy does not see (static files and images); it sets the same headers and the CSP on the rest.
  async headers() {
    const headers = staticSecurityHeaders(process.env.NODE_ENV === 'production').map(([key, value]) => ({ key, value }))
    return [
      { source: '/:path*', headers },
      // The barcode decoder's worker runs under its own script's policy.
      { source: '/_next/static/:path*', headers: [{ key: 'Content-Security-Policy', value: WORKER_CONTENT_SECURITY_POLICY }] },
    ]
  },
}

export default nextConfig
