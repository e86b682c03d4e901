// One build, any domain and brand (decision 013): the production bundle started with SITE_URL,
// BRAND_*, MEDIA_PUBLIC_URL and VIDEO_BASE_URL that the build never saw, read from the .env of the
// directory it runs in, where a variable of the real environment wins (decision 054). Pre-rendered
// pages, HTML-only pages, a gate, a page rendered per request (/docket), the crawler files, the
// viewer API and the CSP all use them.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SiteDidNotStart,
  type StartedSite,
  startSite,
  workingDirWithDotenv,
} from '../helpers/start-process.ts'
import { fillTestStorage } from '../helpers/storage.ts'

const SITE = 'https://shop.acme-runtime.example'
const CDN = 'https://cdn.acme-runtime.example'
const STREAM = 'https://stream.acme-runtime.example'
const COMPANY = 'Acme Runtime Stores'
const PRODUCT = 'Curbie'
/** In .env too, where the environment's PRODUCT beats it. */
const LOSING_PRODUCT = 'Dotenv Product'

let dataDir: string
let workingDir: string
let site: StartedSite | undefined
let port: number
const url = (path: string) => `http://127.0.0.1:${port}${path}`

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-runtime-config-'))
  await fillTestStorage(dataDir, [{ bucket: '360', key: 'rm5_1.jpg', bytes: 'a frame' }])
  const dotenv = {
    SITE_URL: SITE,
    MEDIA_PUBLIC_URL: CDN,
    VIDEO_BASE_URL: STREAM,
    BRAND_COMPANY: COMPANY,
    BRAND_PRODUCT: LOSING_PRODUCT,
    DEMO_MEDIA: 'off',
  }
  workingDir = await workingDirWithDotenv(dotenv)
  // Only .env sets them (undefined: not inherited), but for the product the environment names.
  const environment = Object.fromEntries(Object.keys(dotenv).map((name) => [name, undefined]))
  site = await startSite(dataDir, { ...environment, BRAND_PRODUCT: PRODUCT }, 'bundle', undefined, workingDir)
  port = site.port
}, 120_000)

afterAll(async () => {
  // Stopped as an operator stops it: the server stops its embedded Postgres before exiting, so
  // nothing is still writing in the data dir while it is removed.
  if (site && site.process.exitCode === null) {
    site.process.kill('SIGTERM')
    await site.exited
  }
  for (const dir of [dataDir, workingDir]) if (dir) await rm(dir, { recursive: true, force: true })
})

function expectRuntimeValues(html: string, path: string) {
  expect(html).toContain(`<link rel="canonical" href="${SITE}${path}"/>`)
  expect(html).toContain(`property="og:url" content="${SITE}${path}"`)
  expect(html).toContain(COMPANY)
  expect(html).not.toContain('RM5 Robotics')
  expect(html).not.toContain('http://127.0.0.1:3000')
  expect(html).not.toContain(LOSING_PRODUCT)
}

describe('a build started with another domain and brand', () => {
  it.each(['/', '/company', '/technology'])('%s (pre-rendered) uses them', async (path) => {
    const html = await (await fetch(url(path))).text()
    expectRuntimeValues(html, path)
  })

  it('a gate (pre-rendered, not indexed) uses them', async () => {
    const html = await (await fetch(url('/circlek'))).text()
    expect(html).toContain(`© <!-- -->2025<!-- --> <!-- -->${COMPANY}`)
    expect(html).toContain(`${CDN}/heros/access.jpg`)
    expect(html).toContain(`<span class="gate__times">×</span> <!-- -->${PRODUCT}`)
  })

  it('uses them in structured data, media URLs and the browser copy of the config', async () => {
    const html = await (await fetch(url('/'))).text()
    const jsonLd = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1] ?? ''
    expect(jsonLd).toContain(SITE)
    expect(jsonLd).toContain(COMPANY)
    expect(html).toContain(`${CDN}/heros/home.jpg`)
    expect(html).not.toContain('/media/Heros/')
    expect(html).toContain(`"BRAND_COMPANY":"${COMPANY}"`)
    expect(html).toContain(PRODUCT)
  })

  it('renders /docket per request with them', async () => {
    const verified = await fetch(url('/api/access/verify'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ retailer: 'walmart' }),
    })
    expect(verified.status).toBe(200)
    const cookie = verified.headers.get('set-cookie')?.split(';', 1)[0] as string
    const docket = await fetch(url('/docket'), { headers: { cookie } })
    expect(docket.status).toBe(200)
    const html = await docket.text()
    expect(html).toContain(COMPANY)
    expect(html).toContain(SITE)
  })

  it('serves sitemap.xml and robots.txt for the runtime SITE_URL', async () => {
    const sitemap = await (await fetch(url('/sitemap.xml'))).text()
    expect(sitemap).toContain(`<loc>${SITE}/company</loc>`)
    expect(sitemap).not.toContain('127.0.0.1')
    expect(await (await fetch(url('/robots.txt'))).text()).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })

  it('points the viewer API and the CSP at the same media address as the pages', async () => {
    const viewer = (await (await fetch(url('/api/turntable'))).json()) as { images?: string[] }
    expect(JSON.stringify(viewer)).toContain(`${CDN}/360/rm5_1.jpg`)
    const csp = (await fetch(url('/'))).headers.get('content-security-policy') ?? ''
    expect(csp).toContain(CDN)
    expect(csp).toContain(STREAM)
  })
})

describe('a bad value of the site config', () => {
  // Its own: a start that wrongly succeeds must not share the running site's embedded database.
  let refusedDataDir: string
  beforeAll(async () => {
    refusedDataDir = await mkdtemp(join(tmpdir(), 'rm5-refused-config-'))
  })
  afterAll(async () => {
    await rm(refusedDataDir, { recursive: true, force: true })
  })

  /** How the production bundle ends when started with `env`: its status and what it printed. */
  async function refusal(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    // A start that succeeds is stopped and fails the test (an ftp:// SITE_URL once served pages).
    let started: StartedSite
    try {
      started = await startSite(refusedDataDir, env)
    } catch (error) {
      if (error instanceof SiteDidNotStart) return { code: error.code, output: error.output }
      throw error
    }
    started.process.kill('SIGTERM')
    await started.exited
    throw new Error(`started with ${JSON.stringify(env)}`)
  }

  it.each([
    [{ SITE_URL: 'not-a-url' }, 'SITE_URL: must be an http(s) URL such as https://rm5.example.com'],
    [{ SITE_URL: 'ftp://x' }, 'SITE_URL: must be an http(s) URL such as https://rm5.example.com'],
    [
      { MEDIA_PUBLIC_URL: 'not-a-url' },
      'MEDIA_PUBLIC_URL: must be an http(s) URL such as https://cdn.example.com',
    ],
    [{ BRAND_EMAIL: 'nope' }, 'BRAND_EMAIL: must be an e-mail address such as hello@example.com'],
    // The path it takes, as any other bad variable does.
    [{ PORT: 'abc' }, 'PORT: must be a port number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT: must be a port number from 0 to 65535'],
  ])('%o stops the start with exit 1 and one line naming it, no stack trace', async (env, line) => {
    const { code, output } = await refusal(env)
    expect(code, output).toBe(1)
    expect(output.trim().startsWith(`Invalid environment variable ${line}`), output).toBe(true)
    expect(output.trim().split('\n')).toHaveLength(1)
  })
})
