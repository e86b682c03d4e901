// How a page carries the site's CSS (decision 020): inline in one <style> on a page rendered once
// and served many times, or one link to the built stylesheet on a page rendered for one request at
// times (lib/page-rules.ts, linksSiteStylesheet). Either way the very same rules, exactly once.
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

type Get = (url: string) => Promise<LightMyRequestResponse>

const styleElements = (body: string) => body.match(/<style[\s>]/g) ?? []
const stylesheetLinks = (body: string) =>
  [...body.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '')

/** The rules of the page's one <style>, with no stylesheet linked beside it. */
export function expectInlineSiteCss(body: string): string {
  expect(styleElements(body)).toHaveLength(1)
  expect(stylesheetLinks(body)).toEqual([])
  const css = /<style>([\s\S]*?)<\/style>/.exec(body)?.[1] ?? ''
  expect(css).toContain('--accent:') // a rule of renderer/site.css
  return css
}

/**
 * No <style>, and one link to a built file the browser keeps (compressed at build like every built
 * file), holding the very rules the home page carries inline. Returns its address.
 */
export async function expectLinkedSiteCss(get: Get, body: string): Promise<string> {
  expect(styleElements(body)).toEqual([])
  const links = stylesheetLinks(body)
  expect(links).toHaveLength(1)
  const href = links[0] ?? ''
  const css = await get(href)
  expect(css.statusCode).toBe(200)
  expect(css.headers['content-type']).toMatch(/^text\/css/)
  expect(css.headers['cache-control']).toContain('immutable')
  const inline = expectInlineSiteCss((await get('/')).body)
  expect(inline.length).toBeGreaterThan(10_000)
  expect(css.body.trim()).toBe(inline.trim())
  return href
}
