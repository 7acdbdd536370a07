// `npm run dev` opened at 127.0.0.1 or at its printed "Network:" address: Next's own check
// of dev-resource requests (the HMR socket, dev chunks), with this config, lets them through.
import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { blockCrossSiteDEV } from 'next/dist/server/lib/router-utils/block-cross-site-dev'
import { getNetworkHost } from 'next/dist/lib/get-network-host'
import nextConfig from './next.config'

/** Whether `next dev` (started without --hostname, as `npm run dev` starts it) blocks the HMR socket for a page at `origin`. */
function blocked(origin: string): boolean {
  const request = { url: '/_next/webpack-hmr?id=1', headers: { origin } }
  const response = { statusCode: 200, end: () => {} }
  return blockCrossSiteDEV(request as never, response as never, nextConfig.allowedDevOrigins, undefined)
}

describe('allowedDevOrigins', () => {
  it('lets a page opened at localhost, 127.0.0.1, [::1] or the printed Network address use the dev server', () => {
    const network = [getNetworkHost('IPv4'), getNetworkHost('IPv6')].filter((host): host is string => Boolean(host))
    const origins = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', ...network.map((host) => `http://${host.includes(':') ? `[${host}]` : host}:3000`)]
    expect(origins.filter(blocked)).toEqual([])
  })

  it("lets every one of this machine's IPv4 addresses in", () => {
    const ipv4 = Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).filter(({ family }) => family === 'IPv4').map(({ address }) => address))
    expect(ipv4.map((address) => `http://${address}:3000`).filter(blocked)).toEqual([])
  })

  it('still blocks pages on other sites', () => {
    expect(blocked('http://evil.example')).toBe(true)
    expect(blocked('http://192.0.2.1:3000')).toBe(true)
  })
})
