// The site config has one parse and one set of defaults: the server's environment, the pages
// (lib/brand, lib/media, lib/video/playback) and the browser's copy in the head must agree.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv, siteConfigOf } from '../server/env.server.ts'
import { EnvError, parseSiteConfig, siteConfigSchema } from './site-config-schema.ts'
import { readSiteConfig as readInBrowser } from './site-config-source.browser.ts'

const root = join(import.meta.dirname, '..')
// HOST and PORT too: SITE_URL, unset, is where the server listens.
const NAMES = [...Object.keys(siteConfigSchema.shape), 'HOST', 'PORT']

/** What a fresh process sees with `overrides` and none of the site config's variables inherited. */
function pagesView(overrides: Record<string, string>) {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !NAMES.includes(name)) env[name] = value
  }
  const script = `
    const { brand } = await import('./lib/brand.ts')
    const { mediaPublicBase, mediaBucketPrefix } = await import('./lib/media.ts')
    const { videoBaseUrl } = await import('./lib/video/playback.ts')
    const { serializedSiteConfig } = await import('./lib/site-config.ts')
    console.log(JSON.stringify({ brand, mediaPublicBase, mediaBucketPrefix, videoBaseUrl, head: serializedSiteConfig() }))`
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    env: { ...env, ...overrides },
    encoding: 'utf8',
  })
  return JSON.parse(out) as {
    brand: { product: string; company: string; email: string; siteUrl: string; address: { city: string } }
    mediaPublicBase: string
    mediaBucketPrefix: string
    videoBaseUrl: string
    head: string
  }
}

describe.each([
  ['nothing set (the defaults)', {}],
  [
    'every variable set',
    {
      SITE_URL: 'https://shop.acme.example/',
      BRAND_PRODUCT: 'Curbie',
      BRAND_COMPANY: 'Acme Stores',
      BRAND_EMAIL: 'hi@acme.example',
      BRAND_CITY: 'Leeds',
      MEDIA_PUBLIC_URL: 'https://cdn.acme.example/',
      S3_BUCKET_PREFIX: 'acme-',
      VIDEO_BASE_URL: 'https://stream.acme.example',
    },
  ],
])('with %s', (_, overrides: Record<string, string>) => {
  const env = parseEnv({ NODE_ENV: 'test', ...overrides })
  const view = pagesView(overrides)

  it('pages see the server’s values and defaults', () => {
    expect(view.brand.siteUrl).toBe(env.SITE_URL.replace(/\/+$/, ''))
    expect(view.brand.product).toBe(env.BRAND_PRODUCT)
    expect(view.brand.company).toBe(env.BRAND_COMPANY)
    expect(view.brand.email).toBe(env.BRAND_EMAIL)
    expect(view.brand.address.city).toBe(env.BRAND_CITY)
    expect(view.mediaPublicBase).toBe(env.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') ?? '')
    expect(view.mediaBucketPrefix).toBe(env.S3_BUCKET_PREFIX)
    if (env.VIDEO_BASE_URL) expect(view.videoBaseUrl).toBe(env.VIDEO_BASE_URL)
  })

  it('the head carries exactly the server’s browser-safe subset', () => {
    expect(JSON.parse(view.head)).toEqual(siteConfigOf(env))
  })
})

describe('without SITE_URL', () => {
  it('pages and the server use the origin the server listens on, a wildcard HOST as the loopback', () => {
    const listener = { HOST: '0.0.0.0', PORT: '4101' }
    expect(pagesView(listener).brand.siteUrl).toBe('http://127.0.0.1:4101')
    expect(parseEnv(listener).SITE_URL).toBe('http://127.0.0.1:4101')
    expect(parseEnv({ HOST: '::', PORT: '4102' }).SITE_URL).toBe('http://localhost:4102')
    expect(parseEnv({ HOST: 'rm5.internal', PORT: '80' }).SITE_URL).toBe('http://rm5.internal')
    expect(parseEnv({}).SITE_URL).toBe('http://127.0.0.1:3000')
  })
})

describe('a bad value', () => {
  it.each([
    ['SITE_URL', 'not-a-url', 'must be an http(s) URL such as https://rm5.example.com'],
    // Parseable, but no page can link to it: it would become every canonical address.
    ['SITE_URL', 'ftp://x', 'must be an http(s) URL such as https://rm5.example.com'],
    ['MEDIA_PUBLIC_URL', 'not-a-url', 'must be an http(s) URL such as https://cdn.example.com'],
    ['MEDIA_PUBLIC_URL', 'ftp://cdn.example', 'must be an http(s) URL such as https://cdn.example.com'],
    ['BRAND_EMAIL', 'nope', 'must be an e-mail address such as hello@example.com'],
  ])(
    '%s=%s is refused in one line that names it and a valid value, by the server and pages alike',
    (name, value, fix) => {
      const line = new EnvError(`Invalid environment variable ${name}: ${fix}`)
      expect(() => parseEnv({ [name]: value })).toThrow(line)
      // What pages, the CLI and tests read when the server's parse is not at hand.
      expect(() => parseSiteConfig({ [name]: value })).toThrow(line)
    },
  )

  it('takes http and https addresses', () => {
    expect(parseEnv({ SITE_URL: 'http://rm5.internal:8080' }).SITE_URL).toBe('http://rm5.internal:8080')
    expect(parseSiteConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/rm5' }).MEDIA_PUBLIC_URL).toBe(
      'https://cdn.example.com/rm5',
    )
  })
})

describe('in the browser', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document')
  })

  it('reads the values the server rendered into the head, not defaults of its own', () => {
    const env = parseEnv({ NODE_ENV: 'test', SITE_URL: 'https://b.example', BRAND_COMPANY: 'B </script> Co' })
    const head = JSON.stringify(siteConfigOf(env)).replaceAll('<', '\\u003c')
    Object.assign(globalThis, {
      document: { getElementById: (id: string) => (id === 'site-config' ? { textContent: head } : null) },
    })
    expect(readInBrowser()).toEqual(siteConfigOf(env))
  })

  it('fails loudly on a page without the config rather than inventing one', () => {
    Object.assign(globalThis, { document: { getElementById: () => null } })
    expect(() => readInBrowser()).toThrow(/site-config/)
  })
})

describe('one reader, one set of defaults', () => {
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file))
      .map((file) => join(dir, file))

  const files = ['lib', 'components', 'pages', 'renderer'].flatMap(sources)

  it('only lib/site-config-source.ts reads the process environment in isomorphic code', () => {
    const readers = files.filter((file) => readFileSync(join(root, file), 'utf8').includes('process.env'))
    expect(readers).toEqual(['lib/site-config-source.ts'])
  })

  it('each default is written once, in the schema (SITE_URL’s is the listener’s, lib/listen-origin.ts)', () => {
    const { SITE_URL: _listener, ...config } = parseSiteConfig({})
    const defaults = Object.values(config).filter(
      (value): value is string => typeof value === 'string' && value.length >= 5,
    )
    const everywhere = [...files, ...sources('server'), ...sources('scripts')]
    for (const value of defaults) {
      const holders = everywhere.filter((file) =>
        readFileSync(join(root, file), 'utf8').includes(`'${value}'`),
      )
      expect(
        holders.map((file) => relative('.', file)),
        value,
      ).toEqual(['lib/site-config-schema.ts'])
    }
  })
})
