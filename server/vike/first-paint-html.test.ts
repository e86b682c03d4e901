import { describe, expect, it } from 'vitest'
import { firstPaintHtml, inlineStylesheets, preloadImageFirst } from './first-paint-html'

const css: Record<string, string> = {
  '/assets/static/global.css': 'body{margin:0}\n',
  '/assets/static/hero.css': '.hero{color:red}',
}
const textOf = (href: string) => css[href]

const link = (href: string) => `<link rel="stylesheet" type="text/css" href="${href}">`
const page = (head: string, body = '<p>hi</p>') =>
  `<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`

describe('inlineStylesheets', () => {
  it('puts every known stylesheet, in order, in one <style> where the first link was', () => {
    const html = page(
      `${link('/assets/static/global.css')}\n${link('/assets/static/hero.css')}\n<title>x</title>`,
    )
    const out = inlineStylesheets(html, textOf)
    expect(out).toContain('<meta charset="utf-8"><style>body{margin:0}\n.hero{color:red}</style>')
    expect(out.match(/<style>/g)).toHaveLength(1)
    expect(out).not.toContain('type="text/css"')
    expect(out).toContain('<title>x</title>')
    expect(out.endsWith('<body><p>hi</p></body></html>')).toBe(true)
  })

  it('leaves each inlined stylesheet as a disabled link, so the preload helper does not fetch it', () => {
    const out = inlineStylesheets(page(link('/assets/static/hero.css')), textOf)
    expect(out).toContain('<link rel="stylesheet" href="/assets/static/hero.css" disabled>')
  })

  it('keeps a link whose text it does not have, or whose text would close the element', () => {
    const unsafe = { '/assets/static/odd.css': 'a::after{content:"</style>"}' }
    const html = page(`${link('/assets/static/unknown.css')}${link('/assets/static/odd.css')}`)
    const out = inlineStylesheets(html, (href) => unsafe[href as keyof typeof unsafe])
    expect(out).toBe(html)
  })

  it('ignores links in the body and pages without a head', () => {
    const inBody = page('', link('/assets/static/hero.css'))
    expect(inlineStylesheets(inBody, textOf)).toBe(inBody)
    expect(inlineStylesheets('{"is404":true}', textOf)).toBe('{"is404":true}')
  })

  it('is idempotent: a page rewritten twice is the page rewritten once', () => {
    const once = inlineStylesheets(page(link('/assets/static/global.css')), textOf)
    expect(inlineStylesheets(once, textOf)).toBe(once)
  })
})

describe('preloadImageFirst', () => {
  const font =
    '<link rel="preload" href="/assets/static/inter.woff2" as="font" type="font/woff2" crossorigin>\n'
  const image =
    '<link rel="preload" as="image" type="image/avif" imageSrcSet="/media/a.w640.avif 640w" fetchPriority="high"/>\n'

  it('moves the image preload in front of the first font preload', () => {
    const out = preloadImageFirst(
      page(`<style>a{}</style>\n${font}<link rel="icon" href="/f.svg"/>\n${image}`),
    )
    expect(out.indexOf('as="image"')).toBeLessThan(out.indexOf('as="font"'))
    expect(out.match(/as="image"/g)).toHaveLength(1)
    expect(out).toContain('<link rel="icon" href="/f.svg"/>')
  })

  it('changes nothing when the image already comes first or either preload is missing', () => {
    for (const head of [`${image}${font}`, font, image, '']) {
      const html = page(head)
      expect(preloadImageFirst(html)).toBe(html)
    }
  })
})

describe('firstPaintHtml', () => {
  it('does both: stylesheet text inlined and the image preloaded before the font', () => {
    const html = page(
      `${link('/assets/static/global.css')}\n<link rel="preload" href="/f.woff2" as="font" crossorigin>\n<link rel="preload" as="image" imageSrcSet="/m.avif 1w"/>`,
    )
    const out = firstPaintHtml(html, { stylesheetText: textOf })
    expect(out).toMatch(/<style>body\{margin:0\}<\/style>/)
    expect(out.indexOf('as="image"')).toBeLessThan(out.indexOf('as="font"'))
  })
})
