import { describe, expect, it } from 'vitest'
import { createRenderCache } from './render-cache.server'

const html = '<!doctype html><h1>Meet the RM5</h1>'

describe('render cache', () => {
  it('answers only requests whose verified grants pass the page guard rule', () => {
    const cache = createRenderCache()
    cache.remember('/docket', ['walmart'], 200, 'text/html', html)
    expect(cache.lookup('/docket', ['walmart'])?.body.toString()).toBe(html)
    // Another holder gets the same bytes: the key is the URL and the verdict, not the visitor.
    expect(cache.lookup('/docket', ['circlek'])?.body.toString()).toBe(html)
    expect(cache.lookup('/docket', [])).toBeUndefined()
  })

  it('keeps the proposal for circlek holders only', () => {
    const cache = createRenderCache()
    cache.remember('/circlek/proposal', ['walmart'], 200, 'text/html', html)
    expect(cache.lookup('/circlek/proposal', ['circlek'])).toBeUndefined()
    cache.remember('/circlek/proposal', ['circlek'], 200, 'text/html', html)
    expect(cache.lookup('/circlek/proposal', ['circlek'])).toBeDefined()
    expect(cache.lookup('/circlek/proposal', ['walmart', 'pizzahut'])).toBeUndefined()
  })

  it('never keeps redirects, errors, query strings or unguarded pages', () => {
    const cache = createRenderCache()
    cache.remember('/docket', ['walmart'], 302, 'text/html', '')
    cache.remember('/docket?utm=x', ['walmart'], 200, 'text/html', html)
    cache.remember('/technology', ['walmart'], 200, 'text/html', html)
    expect(cache.lookup('/docket', ['walmart'])).toBeUndefined()
    expect(cache.lookup('/docket?utm=x', ['walmart'])).toBeUndefined()
    expect(cache.lookup('/technology', ['walmart'])).toBeUndefined()
  })

  it('adds brotli and gzip variants off the request path', async () => {
    const cache = createRenderCache()
    cache.remember('/docket', ['walmart'], 200, 'text/html', html)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const entry = cache.lookup('/docket', ['walmart'])
    expect(entry?.br).toBeDefined()
    expect(entry?.gzip).toBeDefined()
    expect(entry?.headers.br['content-encoding']).toBe('br')
    expect(entry?.headers.identity['cache-control']).toBe('private, no-store')
  })
})
