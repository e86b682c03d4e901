import { describe, expect, it } from 'vitest'
import { dependenciesFirst, findAppStart, startAppAfterHero } from './app-start-html'
import { firstPaintHtml } from './first-paint-html'

const STARTER = '/assets/static/app-start.abc123.js'
const heroPreload =
  '<link rel="preload" as="image" type="image/avif" imageSrcSet="/m/hero.w640.avif 640w" fetchPriority="high"/>'

// The shape Vike renders: entry script, then one modulepreload per chunk, at the end of <body>.
function page(head: string, scripts: string): string {
  return `<!DOCTYPE html><html><head>${head}</head><body><div id="root"><img src="/m/hero.jpg" fetchPriority="high"></div>
        <script id="vike_pageContext" type="application/json">{"pageId":"/pages/index"}</script>
        <script src="/assets/entries/entry-client-routing.X1.js" type="module" async></script>
${scripts}</body></html>`
}
const preloads = [
  '        <link rel="modulepreload" href="/assets/entries/pages_index.P1.js" as="script" type="text/javascript">',
  '        <link rel="modulepreload" href="/assets/chunks/chunk-C1.js" as="script" type="text/javascript">',
].join('\n')

describe('startAppAfterHero', () => {
  it('replaces the entry script and every modulepreload with the starter naming them', () => {
    const out = startAppAfterHero(page(heroPreload, preloads), STARTER)
    expect(out).not.toContain('rel="modulepreload"')
    expect(out).not.toContain('<script src="/assets/entries/entry-client-routing.X1.js"')
    expect(out).toContain(
      `<script src="${STARTER}" type="module" data-app-entry="/assets/entries/entry-client-routing.X1.js" data-app-preload="/assets/entries/pages_index.P1.js /assets/chunks/chunk-C1.js"></script>`,
    )
    // Everything else stays: the page context Vike reads, the hero preload, the body.
    expect(out).toContain(
      '<script id="vike_pageContext" type="application/json">{"pageId":"/pages/index"}</script>',
    )
    expect(out).toContain(heroPreload)
    expect(out.match(/<script\b/g)).toHaveLength(2)
  })

  it('leaves a page without a high-priority hero preload as it is (its scripts are not waiting on an image)', () => {
    const lowPriority = heroPreload.replace(' fetchPriority="high"', '')
    const html = page(lowPriority, preloads)
    expect(startAppAfterHero(html, STARTER)).toBe(html)
  })

  it('leaves an HTML-only page as it is: its one small entry has no chunks to hold back', () => {
    const html = page(heroPreload, '')
    expect(startAppAfterHero(html, STARTER)).toBe(html)
  })

  it('leaves a page with a second module script alone rather than guess which one boots the app', () => {
    const html = page(heroPreload, `${preloads}\n<script src="/assets/other.js" type="module"></script>`)
    expect(startAppAfterHero(html, STARTER)).toBe(html)
  })

  it('is applied by firstPaintHtml only when the build has a starter', () => {
    const html = page(heroPreload, preloads)
    const stylesheetText = () => undefined
    expect(firstPaintHtml(html, { stylesheetText })).toContain('rel="modulepreload"')
    expect(firstPaintHtml(html, { stylesheetText, appStart: STARTER })).toContain(`src="${STARTER}"`)
  })
})

describe('dependenciesFirst', () => {
  // page imports react-dom and vike; react-dom imports react; react imports the CJS helper.
  const graph: Record<string, string[]> = {
    '/page.js': ['/react-dom.js', '/vike.js'],
    '/react-dom.js': ['/react.js'],
    '/react.js': ['/helper.js'],
    '/vike.js': ['/helper.js'],
  }
  const importsOf = (src: string) => graph[src] ?? []

  it('puts every module after the modules it imports, each once', () => {
    const order = dependenciesFirst(
      ['/page.js', '/helper.js', '/react-dom.js', '/vike.js', '/react.js'],
      importsOf,
    )
    expect(order).toEqual(['/helper.js', '/react.js', '/react-dom.js', '/vike.js', '/page.js'])
  })

  it('survives an import cycle', () => {
    const cyclic = (src: string) => (src === '/a.js' ? ['/b.js'] : src === '/b.js' ? ['/a.js'] : [])
    expect(dependenciesFirst(['/a.js'], cyclic)).toEqual(['/b.js', '/a.js'])
  })

  it('orders the starter list the same way', () => {
    const html = page(heroPreload, preloads)
    const order = (src: string) =>
      src === '/assets/entries/pages_index.P1.js' ? ['/assets/chunks/chunk-C1.js'] : []
    expect(startAppAfterHero(html, STARTER, order)).toContain(
      'data-app-preload="/assets/chunks/chunk-C1.js /assets/entries/pages_index.P1.js"',
    )
  })
})

describe('findAppStart', () => {
  it('finds the hashed starter among the built files', () => {
    expect(findAppStart(['/index.html', '/assets/static/app.css', STARTER, `${STARTER}.br`])).toBe(STARTER)
    expect(findAppStart(['/index.html', '/assets/static/app.css'])).toBeUndefined()
  })
})
