import { privatePaths, publicPaths } from '../routes.ts'

// sitemap.xml and robots.txt, generated from lib/routes so a new page cannot be forgotten in one
// of them. Addresses are absolute on the configured SITE_URL, as the sitemap protocol requires.
const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  )

const join = (siteUrl: string, path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`

export function sitemapXml(siteUrl: string, paths: readonly string[] = publicPaths): string {
  const urls = paths.map((path) => {
    const priority = path === '/' ? '1.0' : '0.8'
    return `  <url>\n    <loc>${escapeXml(join(siteUrl, path))}</loc>\n    <changefreq>monthly</changefreq>\n    <priority>${priority}</priority>\n  </url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** Access gates, the docket and the proposal are private: never crawled (and noindex besides). */
export function robotsTxt(siteUrl: string, disallow: readonly string[] = privatePaths): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((path) => `Disallow: ${path}`),
    'Disallow: /api/',
  ]
  return `${lines.join('\n')}\n\nSitemap: ${join(siteUrl, '/sitemap.xml')}\n`
}
