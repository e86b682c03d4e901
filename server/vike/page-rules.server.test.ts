import { describe, expect, it } from 'vitest'
import { createPageRulesBook } from './page-rules.server.ts'

const answered = (statusCode: number, rendering?: 'kept' | 'per-viewer') => ({
  httpResponse: { statusCode },
  config: rendering ? { rendering } : {},
})

describe('the page rules book', () => {
  it('learns a path’s rules from a render that answered with its page', () => {
    const book = createPageRulesBook()
    expect(book.get('/docket')).toBeUndefined()
    expect(book.learn('/docket', answered(200, 'kept'))?.rendering).toBe('kept')
    expect(book.get('/docket')?.rendering).toBe('kept')
    expect(book.learn('/', answered(200))?.rendering).toBe('prerendered')
  })

  it('learns nothing from a 404, a redirect or a failed render, and forgets on clear', () => {
    const book = createPageRulesBook()
    book.learn('/nope', { ...answered(404), is404: true })
    book.learn('/docket', answered(302, 'kept'))
    book.learn('/broken', { ...answered(200, 'kept'), errorWhileRendering: new Error('x') })
    expect([book.get('/nope'), book.get('/docket'), book.get('/broken')]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    book.learn('/kroger', answered(200, 'kept'))
    book.clear()
    expect(book.get('/kroger')).toBeUndefined()
  })
})
