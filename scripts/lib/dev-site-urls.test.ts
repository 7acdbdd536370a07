import { describe, expect, it } from 'vitest'
import { authConfigFromToml } from '../../supabase/local/config-toml.ts'
import { devSiteUrls } from './dev-site-urls.ts'

describe('devSiteUrls', () => {
  const toml = authConfigFromToml()

  it("keeps config.toml's addresses on port 3000, or with no PORT", () => {
    expect(devSiteUrls(toml, undefined)).toEqual(toml)
    expect(devSiteUrls(toml, '3000')).toEqual(toml)
  })

  it('sends auth links to the port the dev server is on, at either name of this machine', () => {
    const urls = devSiteUrls(toml, '3950')
    expect(urls.siteUrl).toBe('http://localhost:3950')
    expect(urls.additionalRedirectUrls).toEqual(['http://127.0.0.1:3950', 'http://127.0.0.1:3000'])
    expect(urls.enableConfirmations).toBe(toml.enableConfirmations)
  })
})
