// The site's address, brand and media addresses as this deployment sets them (SITE_URL, BRAND_*,
// MEDIA_PUBLIC_URL with S3_BUCKET_PREFIX, VIDEO_BASE_URL), read when the server starts, never baked into a build: one
// image serves any domain and brand (docs/decisions/013).
// - On the server: the process environment, which server/env.server.ts validated at start.
// - In the browser: the copy the server rendered into every page's head (renderer/+Head.tsx),
//   read once when this module loads: module scripts run after the document is parsed, so the
//   element is there, and the values match what the server rendered (no hydration mismatch).

export const SITE_CONFIG_NAMES = [
  'SITE_URL',
  'VIDEO_BASE_URL',
  'MEDIA_PUBLIC_URL',
  'S3_BUCKET_PREFIX',
  'BRAND_PRODUCT',
  'BRAND_COMPANY',
  'BRAND_EMAIL',
  'BRAND_PHONE',
  'BRAND_STREET',
  'BRAND_CITY',
  'BRAND_REGION',
  'BRAND_POSTAL_CODE',
] as const

export type SiteConfigName = (typeof SITE_CONFIG_NAMES)[number]
export type SiteSource = Partial<Record<SiteConfigName, string>>

/** The id of the head element that carries the config to the browser. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config'

function pick(source: Record<string, string | undefined>): SiteSource {
  const out: SiteSource = {}
  for (const name of SITE_CONFIG_NAMES) {
    const value = source[name]?.trim()
    if (value) out[name] = value
  }
  return out
}

function readSource(): SiteSource {
  if (typeof document === 'undefined') return pick(process.env)
  const text = document.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent
  return text ? pick(JSON.parse(text) as Record<string, string>) : {}
}

export const siteSource: SiteSource = readSource()

/** The config as JSON for the head, safe inside <script>: `<` is escaped, so no `</script>`. */
export function serializedSiteSource(): string {
  return JSON.stringify(siteSource).replaceAll('<', '\\u003c')
}
