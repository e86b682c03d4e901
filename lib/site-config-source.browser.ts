// Where the site config comes from in the browser: the copy the server parsed and rendered into
// every page's head (renderer/+Head.tsx). Module scripts run after the document is parsed, so the
// element is there, and the values are the server's (no hydration mismatch, no second default).

import { SITE_CONFIG_ELEMENT_ID } from './site-config-element.ts'
import type { SiteConfig } from './site-config-schema.ts'

export function readSiteConfig(): SiteConfig {
  const text = document.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent
  if (!text)
    throw new Error(`The page has no #${SITE_CONFIG_ELEMENT_ID} element (renderer/+Head.tsx renders it)`)
  return JSON.parse(text) as SiteConfig
}
