import { describe, expect, it, vi } from 'vitest'
import type { GateRetailer } from '../../lib/retailers'
import { createRenderCache } from './render-cache.server'

const html = '<!doctype html><h1>Meet the RM5</h1>'
const holding = (...accessGrants: GateRetailer[]) => ({ accessGrants, recordOpening: vi.fn() })

describe('render cache', () => {
  it('answers only requests the page’s own guard lets in, and lets the guard report the opening', () => {
    const cache = createRenderCache()
    cache.remember('/docket', 200, 'text/html', html)
    const walmart = holding('walmart')
    expect(cache.lookup('/docket', walmart)?.body.toString()).toBe(html)
    expect(walmart.recordOpening).toHaveBeenCalledWith(['walmart'])
    // Another holder gets the same bytes: the key is the URL and the guard's verdict, not the visitor.
    expect(cache.lookup('/docket', holding('circlek'))?.body.toString()).toBe(html)
    const nobody = holding()
    expect(cache.lookup('/docket', nobody)).toBeUndefined()
    expect(nobody.recordOpening).not.toHaveBeenCalled()
  })

  it('keeps the proposal for circlek holders only', () => {
    const cache = createRenderCache()
    cache.remember('/circlek/proposal', 200, 'text/html', html)
    expect(cache.lookup('/circlek/proposal', holding('circlek'))).toBeDefined()
    expect(cache.lookup('/circlek/proposal', holding('walmart', 'pizzahut'))).toBeUndefined()
  })

  it('never keeps redirects, errors, query strings or unguarded pages', () => {
    const cache = createRenderCache()
    cache.remember('/docket', 302, 'text/html', '')
    cache.remember('/docket?utm=x', 200, 'text/html', html)
    cache.remember('/technology', 200, 'text/html', html)
    expect(cache.lookup('/docket', holding('walmart'))).toBeUndefined()
    expect(cache.lookup('/docket?utm=x', holding('walmart'))).toBeUndefined()
    expect(cache.lookup('/technology', holding('walmart'))).toBeUndefined()
  })

  it('adds brotli and gzip variants off the request path', async () => {
    const cache = createRenderCache()
    cache.remember('/docket', 200, 'text/html', html)
    await vi.waitFor(() => expect(cache.lookup('/docket', holding('walmart'))?.br).toBeDefined())
    const entry = cache.lookup('/docket', holding('walmart'))
    expect(entry?.gzip).toBeDefined()
    expect(entry?.headers.br['content-encoding']).toBe('br')
    expect(entry?.headers.identity['cache-control']).toBe('private, no-store')
  })
})
