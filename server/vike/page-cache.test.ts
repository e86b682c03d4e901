import { describe, expect, it, vi } from 'vitest'
import { BACKGROUND_WORK } from '../../tests/helpers/background-work.ts'
import { cacheKey, createPageCache, PRIVATE_PAGE, PUBLIC_PAGE } from './page-cache.server.ts'

const html = `<!doctype html><h1>${'Meet the RM5 '.repeat(40)}</h1>`
const rendered = (overrides = {}) => ({
  status: 200,
  headers: [['Content-Type', 'text/html;charset=utf-8']] as [string, string][],
  body: html,
  public: true,
  openedBy: [],
  ...overrides,
})

describe('cacheKey', () => {
  it('is the path alone without grants, and the same for the same grants in any order', () => {
    expect(cacheKey('/docket', [])).toBe('/docket')
    expect(cacheKey('/docket', ['walmart', 'circlek'])).toBe(cacheKey('/docket', ['circlek', 'walmart']))
    expect(cacheKey('/docket', ['walmart'])).not.toBe(cacheKey('/docket', ['circlek']))
  })

  it('tells the codes behind the grants apart (a document may be for some codes only)', () => {
    expect(cacheKey('/docket', ['circlek'], ['code-a'])).not.toBe(
      cacheKey('/docket', ['circlek'], ['code-b']),
    )
    expect(cacheKey('/docket', ['circlek'], ['a', 'b'])).toBe(cacheKey('/docket', ['circlek'], ['b', 'a']))
  })
})

describe('page cache', () => {
  it('keeps a render with its headers, then adds brotli and gzip off the request path', async () => {
    const cache = createPageCache()
    const page = cache.keep('/', rendered())
    expect(page.headers.identity).toMatchObject({
      'content-type': 'text/html;charset=utf-8',
      'cache-control': PUBLIC_PAGE,
      vary: 'Accept-Encoding',
      etag: page.etag,
    })
    expect(page.br).toBeUndefined()
    await vi.waitFor(() => expect(cache.get('/')?.br).toBeDefined(), BACKGROUND_WORK)
    const compressed = cache.get('/')
    expect(compressed?.gzip).toBeDefined()
    expect(compressed?.headers.br['content-encoding']).toBe('br')
    expect(compressed?.etag).toBe(page.etag)
  })

  it('marks a render that saw a grant private, and keeps what its guard reported', () => {
    const page = createPageCache().keep(
      '/docket\nwalmart',
      rendered({ public: false, openedBy: ['walmart'] }),
    )
    expect(page.headers.identity['cache-control']).toBe(PRIVATE_PAGE)
    expect(page.openedBy).toEqual(['walmart'])
  })
})

describe('page cache renders', () => {
  it('shares one render among the requests that miss the same key at once', async () => {
    const cache = createPageCache()
    const render = vi.fn(async () => rendered())
    const results = await Promise.all([1, 2, 3].map(() => cache.once('/', render)))
    expect(render).toHaveBeenCalledTimes(1)
    const pages = results.map((r) => cache.keep('/', r))
    expect(new Set(pages).size).toBe(1)
    await cache.once('/', render)
    expect(render).toHaveBeenCalledTimes(2)
  })
})

describe('page cache lifetimes', () => {
  it('serves a render that saw a grant only for its short TTL; a public page stays', async () => {
    // A TTL long enough that a loaded machine cannot pass it between keeping and the first read.
    const cache = createPageCache({ privateTtlMs: 1_000 })
    cache.keep('/docket\ncirclek', rendered({ public: false }))
    cache.keep('/', rendered())
    expect(cache.get('/docket\ncirclek')).toBeDefined()
    await vi.waitFor(() => expect(cache.get('/docket\ncirclek')).toBeUndefined(), BACKGROUND_WORK)
    expect(cache.get('/')).toBeDefined()
  })

  it('gives a render made again with the same bytes the compressed variants at once', async () => {
    const cache = createPageCache({ privateTtlMs: 1_000 })
    cache.keep('/docket\ncirclek', rendered({ public: false }))
    await vi.waitFor(() => expect(cache.get('/docket\ncirclek')?.br).toBeDefined(), BACKGROUND_WORK)
    await vi.waitFor(() => expect(cache.get('/docket\ncirclek')).toBeUndefined(), { timeout: 3_000 })
    const again = cache.keep('/docket\ncirclek', rendered({ public: false }))
    expect(again.br).toBeDefined()
    expect(again.gzip).toBeDefined()
  })
})
