// The site's address, brand and media addresses as this deployment sets them (SITE_URL, BRAND_*,
// MEDIA_PUBLIC_URL with S3_BUCKET_PREFIX, VIDEO_BASE_URL): read when the server starts, never baked
// into a build, so one image serves any domain and brand (docs/decisions/013, 032).
// Parsed once per process by the one schema (lib/site-config-schema.ts, which server/env.server.ts
// builds on); the browser gets the values the server parsed, from the page's head.
import { readSiteConfig } from '#site-config-source'
import type { SiteConfig } from './site-config-schema.ts'

export { SITE_CONFIG_ELEMENT_ID } from './site-config-element.ts'
export type { SiteConfig } from './site-config-schema.ts'

// Kept on globalThis, not in this module: the production server holds two copies of this module
// (its own bundle, dist/node, and Vike's, dist/server), and both must serve the one parsed value.
const SLOT = Symbol.for('rm5.siteConfig')
const holder = globalThis as { [SLOT]?: SiteConfig }

/** The site config of this process (server, CLI, build) or page (browser), read on first use. */
export function siteConfig(): SiteConfig {
  holder[SLOT] ??= readSiteConfig()
  return holder[SLOT]
}

/**
 * The server hands over the config it parsed at start (server/env.server.ts siteConfigOf), so the
 * pages it renders carry its own values. Throws if this process already read other values.
 */
export function adoptSiteConfig(parsed: SiteConfig): void {
  const current = holder[SLOT]
  if (current && JSON.stringify(current) !== JSON.stringify(parsed)) {
    throw new Error('The site config differs from the one this process already uses')
  }
  holder[SLOT] = parsed
}

/** The config as JSON for the head, safe inside <script>: `<` is escaped, so no `</script>`. */
export function serializedSiteConfig(): string {
  return JSON.stringify(siteConfig()).replaceAll('<', '\\u003c')
}
