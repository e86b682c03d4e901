import { SiteHead } from '../components/seo/SiteHead'
import { SITE_CONFIG_ELEMENT_ID, serializedSiteSource } from '../lib/site-config'

// Global <head> additions, server-only and shared by every page (vike-react's +Head is
// cumulative: a page's own +Head, such as a noindex, is added to these).
export default function Head() {
  return (
    <>
      <meta name="theme-color" content="#0b0d10" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <SiteHead />
      {/* Data, not code (the CSP does not apply): the site config for the browser's modules. */}
      <script
        type="application/json"
        id={SITE_CONFIG_ELEMENT_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (serializedSiteSource)
        dangerouslySetInnerHTML={{ __html: serializedSiteSource() }}
      />
    </>
  )
}
