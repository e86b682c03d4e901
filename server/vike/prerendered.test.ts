import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, IMMUTABLE, loadPrerendered, type StaticEntry, urlPathOf } from './prerendered.server'

describe('urlPathOf', () => {
  it('maps built files to the URL they answer', () => {
    expect(urlPathOf('index.html')).toBe('/')
    expect(urlPathOf(path.join('technology', 'index.html'))).toBe('/technology')
    expect(urlPathOf(path.join('technology', 'index.pageContext.json'))).toBe(
      '/technology/index.pageContext.json',
    )
    expect(urlPathOf(path.join('assets', 'chunks', 'a.js'))).toBe('/assets/chunks/a.js')
    expect(urlPathOf('404.html')).toBeUndefined()
    expect(urlPathOf('index.html.br')).toBeUndefined()
  })
})

describe('chooseEncoding', () => {
  const entry = { br: Buffer.from('b'), gzip: Buffer.from('g') } as StaticEntry
  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br', entry)).toBe('br')
    expect(chooseEncoding('gzip', entry)).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip', entry)).toBe('gzip')
    expect(chooseEncoding(undefined, entry)).toBeUndefined()
    expect(chooseEncoding('identity', entry)).toBeUndefined()
    expect(chooseEncoding('br', { ...entry, br: undefined })).toBeUndefined()
  })
})

describe('loadPrerendered', () => {
  it('loads pages, variants and cache rules from a build directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm5-pre-'))
    mkdirSync(path.join(dir, 'assets'), { recursive: true })
    mkdirSync(path.join(dir, 'about'))
    writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>')
    writeFileSync(path.join(dir, 'index.html.br'), 'BR')
    writeFileSync(path.join(dir, 'about', 'index.html'), '<h1>about</h1>')
    writeFileSync(path.join(dir, 'assets', 'app.1234.js'), 'console.log(1)')
    writeFileSync(path.join(dir, '404.html'), '<h1>404</h1>')
    const site = loadPrerendered(dir)
    expect([...site.entries.keys()].sort()).toEqual(['/', '/about', '/assets/app.1234.js'])
    expect(site.entries.get('/')?.br?.toString()).toBe('BR')
    expect(site.entries.get('/')?.gzip).toBeUndefined()
    expect(site.entries.get('/')?.type).toMatch(/text\/html/)
    expect(site.entries.get('/assets/app.1234.js')?.cacheControl).toBe(IMMUTABLE)
    expect(site.entries.get('/about')?.cacheControl).toMatch(/must-revalidate/)
    expect(site.notFound?.body.toString()).toBe('<h1>404</h1>')
    expect(site.entries.get('/')?.etag).not.toBe(site.entries.get('/about')?.etag)
  })
})
