import { usePageContext } from 'vike-react/usePageContext'
import { SiteHead } from '../components/seo/SiteHead.tsx'
import { linksSiteStylesheet, pageRulesOf } from '../lib/page-rules.ts'
import { SITE_CONFIG_ELEMENT_ID, serializedSiteConfig } from '../lib/site-config.ts'
import siteCss from './site.css?inline'

// Global <head> additions, server-only and shared by every page (vike-react's +Head is
// cumulative: a page's own +Head, such as a noindex, is added to these).
export default function Head() {
  // A page rendered for one request at times imports site.css instead, which Vike links as a built
  // file the browser keeps: 70 KB not repeated in every answer (lib/page-rules.ts, decision 020).
  const pageContext = usePageContext()
  const linked = linksSiteStylesheet(pageRulesOf(pageContext.config), pageContext)
  return (
    <>
      <meta name="theme-color" content="#0b0d10" />
      {/* The whole site's CSS in the page (Vite's ?inline, decision 020): no render-blocking
          stylesheet request before the first paint. Our own CSS, not user input. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built stylesheet */}
      {linked ? null : <style dangerouslySetInnerHTML={{ __html: siteCss }} />}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <SiteHead />
      {/* Data, not code (the CSP does not apply): the site config for the browser's modules. */}
      <script
        type="application/json"
        id={SITE_CONFIG_ELEMENT_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (serializedSiteConfig)
        dangerouslySetInnerHTML={{ __html: serializedSiteConfig() }}
      />
    </>
  )
}
