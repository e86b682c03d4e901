// The public pages with this deployment's configuration (decision 013): the build pre-renders
// them (which tells us which URLs are static), and the server renders each of those once more
// when it starts, with the SITE_URL, BRAND_* and media addresses it was started with, then serves
// them from memory as before. sitemap.xml and robots.txt are made here too, for the same reason.
import { brand } from '../../lib/brand'
import { robotsTxt, sitemapXml } from '../../lib/seo/crawler-files'
import { compressedVariants } from './compression.server'
import { etagOf, type PrerenderedSite, type StaticEntry, withHeaders } from './prerendered.server'

type RenderPage = typeof import('vike/server').renderPage

/** Replaces every pre-rendered HTML page of `site` by a render with the runtime configuration. */
export async function renderPagesAtStart(site: PrerenderedSite, renderPage: RenderPage): Promise<number> {
  let rendered = 0
  for (const [urlPath, entry] of site.entries) {
    if (!entry.type.startsWith('text/html')) continue
    const pageContext = await renderPage({ urlOriginal: urlPath, headersOriginal: {} })
    const { httpResponse, errorWhileRendering } = pageContext
    if (errorWhileRendering || httpResponse.statusCode !== 200) {
      throw new Error(`rendering ${urlPath} at start failed (${httpResponse.statusCode})`, {
        cause: errorWhileRendering,
      })
    }
    site.entries.set(urlPath, textEntry(httpResponse.body, entry.type, entry.cacheControl))
    rendered += 1
  }
  return rendered
}

/** sitemap.xml and robots.txt for the SITE_URL the server runs with. */
export function addCrawlerFiles(site: PrerenderedSite): void {
  const cacheControl = 'public, max-age=3600'
  site.entries.set(
    '/sitemap.xml',
    textEntry(sitemapXml(brand.siteUrl), 'application/xml; charset=utf-8', cacheControl),
  )
  site.entries.set(
    '/robots.txt',
    textEntry(robotsTxt(brand.siteUrl), 'text/plain; charset=utf-8', cacheControl),
  )
}

function textEntry(text: string, type: string, cacheControl: string): StaticEntry {
  const body = Buffer.from(text)
  return withHeaders({ body, ...compressedVariants(body), type, etag: etagOf(body), cacheControl })
}
