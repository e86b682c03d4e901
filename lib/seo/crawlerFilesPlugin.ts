import type { Plugin } from 'vite'
import { robotsTxt, sitemapXml } from './crawlerFiles.ts'

// Writes sitemap.xml and robots.txt into the client build (dist/client, served like any other
// built file) and serves them in development. They need the absolute SITE_URL, which is baked in
// at build time like the rest of the pre-rendered pages, so they cannot be plain files in public/.
export function crawlerFiles(): Plugin {
  let siteUrl = 'http://127.0.0.1:3000'
  const files = () => ({ 'sitemap.xml': sitemapXml(siteUrl), 'robots.txt': robotsTxt(siteUrl) })
  return {
    name: 'rm5:crawler-files',
    configResolved(config) {
      // config.env holds the envPrefix variables from the environment and .env files.
      const configured = (config.env as Record<string, string | undefined>).SITE_URL ?? process.env.SITE_URL
      if (configured?.trim()) siteUrl = configured.trim().replace(/\/+$/, '')
    },
    generateBundle() {
      if (this.environment.name !== 'client') return
      for (const [fileName, source] of Object.entries(files()))
        this.emitFile({ type: 'asset', fileName, source })
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.split('?', 1)[0]?.slice(1) ?? ''
        const body = (files() as Record<string, string>)[name]
        if (!body) return next()
        response.setHeader(
          'content-type',
          name.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8',
        )
        response.end(body)
      })
    },
  }
}
