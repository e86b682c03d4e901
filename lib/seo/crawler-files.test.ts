import { describe, expect, it } from 'vitest'
import { privatePaths, publicPaths } from '../routes.ts'
import { robotsTxt, sitemapXml } from './crawler-files.ts'

describe('sitemapXml', () => {
  const xml = sitemapXml('https://rm5.example/')

  it('lists every public page with an absolute address, and nothing private', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locs).toEqual(publicPaths.map((path) => `https://rm5.example${path}`))
    for (const path of privatePaths) expect(locs).not.toContain(`https://rm5.example${path}`)
  })

  it('escapes XML special characters', () => {
    expect(sitemapXml('https://a.example', ['/x?a=1&b=2'])).toContain(
      '<loc>https://a.example/x?a=1&amp;b=2</loc>',
    )
  })
})

describe('robotsTxt', () => {
  const txt = robotsTxt('https://rm5.example')

  it('disallows the docket and names no partner (robots.txt is public; gates carry noindex)', () => {
    expect(txt).toContain('Disallow: /docket\n')
    for (const partner of ['circlek', 'pizzahut', 'walmart', 'compass', 'partner', 'investor']) {
      expect(txt).not.toContain(partner)
    }
  })

  it('points to the absolute sitemap', () => {
    expect(txt).toContain('Sitemap: https://rm5.example/sitemap.xml')
  })
})
