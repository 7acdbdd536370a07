import type { StackConfig } from '../../supabase/local/config.ts'

/**
 * `npm run dev` on another port (PORT=3950): the auth emails' links, and the redirects they may
 * name, follow it. config.toml names port 3000, as the Supabase CLI's does, so a sign-up on 3950
 * was sent a link to 3000, where nothing answers.
 */
export function devSiteUrls(config: Partial<StackConfig>, port: string | undefined): Partial<StackConfig> {
  if (!port || port === '3000') return config
  const siteUrl = `http://localhost:${port}`
  return { ...config, siteUrl, additionalRedirectUrls: [`http://127.0.0.1:${port}`, ...(config.additionalRedirectUrls ?? [])] }
}
