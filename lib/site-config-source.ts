// Where the site config comes from outside the browser: the process environment, parsed by the
// one schema (lib/site-config-schema.ts). package.json's "imports" gives browser bundles
// lib/site-config-source.browser.ts instead, so no schema (nor zod) is shipped to the browser.
import { parseSiteConfig, type SiteConfig } from './site-config-schema.ts'

export function readSiteConfig(): SiteConfig {
  return parseSiteConfig(process.env)
}
