// Requests you can follow (issue 43, decision 057), on the real app over the built pages, with
// the production logger settings writing to a test stream: every answer carries X-Request-Id, the
// trusted proxy's own (TRUST_PROXY, the rule X-Forwarded-For is believed by) or a new UUID; every
// log line of the request carries it as `requestId`, the document jobs it starts too; JSON error
// bodies, the console's problem pages and the site's error pages show it; /metrics counts the
// document pool's jobs.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENTS_BUCKET } from '../../server/documents/bucket.server.ts'
import type { DocumentSummary } from '../../server/documents/document-store.server.ts'
import type { Env } from '../../server/env.server.ts'
import { loggerOptions } from '../../server/logger.server.ts'
import { grantCookie, limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { freshMarkdown, postMultipart, type SignedIn, signIn } from '../helpers/admin-console.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { logLines } from '../helpers/log-lines.ts'
import { sample } from '../helpers/metrics-sample.ts'

/** TRUST_PROXY: `inject` comes from 127.0.0.1 unless told otherwise, as a proxy on this host would. */
const PROXY = '127.0.0.1'
/** A client that is not a proxy. */
const CLIENT = '203.0.113.57'
/** crypto.randomUUID()'s shape: what a request gets when nobody trusted named it. */
const FRESH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const METRICS_TOKEN = 'request-id-metrics-token-0123456789'

const { lines, stream } = logLines()
let t: TestApp
let app: FastifyInstance
let editor: SignedIn

/** The parsed log lines written for one request id. */
const linesOf = (requestId: string) =>
  lines.map((line) => JSON.parse(line)).filter((line) => line.requestId === requestId)

const get = (url: string, requestId?: string, remoteAddress = PROXY, headers: Record<string, string> = {}) =>
  app.inject({
    url,
    remoteAddress,
    headers: { ...headers, ...(requestId === undefined ? {} : { 'x-request-id': requestId }) },
  })

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: PROXY, METRICS_TOKEN } })
  // Production logger settings at info, a line per request (LOG_REQUESTS), into the test's stream.
  const env: Env = { ...t.env, NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_REQUESTS: true }
  app = await appBeside(t, {
    env,
    logger: { ...(loggerOptions(env) as object), stream } as never,
    access: { rateLimitPrefix: limitPrefix() },
    pages: { mode: 'production', root: currentBuildRoot() },
  })
  app.get('/api/boom', async () => {
    throw new Error('an internal failure')
  })
  await app.ready()
  editor = await signIn({ ...t, app }, 'editor@example.com', 'editor')
})
afterAll(async () => {
  await app?.close()
  await t?.close()
})

describe('X-Request-Id', () => {
  it("answers with a trusted proxy's id, and every log line of the request carries it", async () => {
    const res = await get('/livez', 'abc-123')
    expect(res.headers['x-request-id']).toBe('abc-123')
    expect(linesOf('abc-123')).toContainEqual(
      expect.objectContaining({ msg: 'request', route: '/livez', status: 200 }),
    )
  })

  it('ignores the header from a client that is not a trusted proxy: a fresh id answers', async () => {
    const res = await get('/livez', 'chosen-by-client', CLIENT)
    expect(res.headers['x-request-id']).toMatch(FRESH_ID)
    expect(linesOf('chosen-by-client')).toEqual([])
    expect(linesOf(String(res.headers['x-request-id']))).toContainEqual(
      expect.objectContaining({ msg: 'request', route: '/livez' }),
    )
  })

  it('gives each request without the header an id of its own', async () => {
    const [one, two] = await Promise.all([get('/livez'), get('/livez')])
    expect(one?.headers['x-request-id']).toMatch(FRESH_ID)
    expect(two?.headers['x-request-id']).toMatch(FRESH_ID)
    expect(one?.headers['x-request-id']).not.toBe(two?.headers['x-request-id'])
  })

  // At most 128 characters of letters, digits and . _ : = + / - (decision 057).
  it.each([
    ['too long', 'a'.repeat(129)],
    ['a space', 'abc 123'],
    ['markup', '<b>abc</b>'],
    ['a line break', 'abc\u2028def'],
  ])('replaces an id with %s from a trusted proxy', async (_what, given) => {
    const res = await get('/livez', given)
    expect(res.headers['x-request-id']).toMatch(FRESH_ID)
  })

  it('keeps the longest valid id whole', async () => {
    const longest = `Root=1-${'a'.repeat(121)}`
    expect((await get('/livez', longest)).headers['x-request-id']).toBe(longest)
  })
})

describe('errors name their request', () => {
  it('a JSON error body carries the id of its answer', async () => {
    const res = await get('/api/no-such-route', 'json-404')
    expect(res.statusCode).toBe(404)
    expect(res.headers['x-request-id']).toBe('json-404')
    expect(res.json().error).toMatchObject({ code: 'not_found', requestId: 'json-404' })
  })

  it('a 5xx body is generic and names the id its log line carries', async () => {
    const res = await get('/api/boom', 'json-500')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again in a moment.',
        requestId: 'json-500',
      },
    })
    expect(linesOf('json-500')).toContainEqual(expect.objectContaining({ msg: 'request failed' }))
  })

  it("the site's 404 page shows the reference", async () => {
    const res = await get('/no-such-page', 'page-404')
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('Page Not Found')
    expect(res.body).toContain('Reference: <code>page-404</code>')
  })

  it("the console's problem page shows the reference", async () => {
    const res = await get('/admin/no-such-page', 'console-404', PROXY, { cookie: editor.cookie })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('Reference: <code>console-404</code>')
  })
})

describe('document jobs follow the request that started them', () => {
  let cookie: string
  beforeAll(async () => {
    await seedCode(t.db, 'circlek', 'request-id-code-01')
    cookie = grantCookie(await verify(app, { retailer: 'circlek', accessCode: 'request-id-code-01' }))
  })

  /** A Markdown document as a release before kept HTML stored it: its view renders it in the pool. */
  const unrenderedMarkdown = async (title: string): Promise<DocumentSummary> => {
    const file = freshMarkdown()
    const doc = await app.documents.store.add({ retailer: 'circlek', ...file, title })
    await t.db.prisma.documentVersion.update({
      where: { documentId_version: { documentId: doc.id, version: doc.version } },
      data: { html: null },
    })
    return doc
  }
  const scrape = async () =>
    (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body

  it("an upload's inspection is logged with the upload's id and counted in /metrics", async () => {
    const res = await postMultipart(
      { ...t, app },
      '/admin/documents',
      { _csrf: editor.csrf, retailer: 'circlek', title: 'Followed upload' },
      freshMarkdown(),
      { cookie: editor.cookie, 'x-request-id': 'upload-1' },
    )
    expect(res.statusCode).toBe(303)
    expect(linesOf('upload-1')).toContainEqual(
      expect.objectContaining({ msg: 'document job', job: 'inspect', outcome: 'done' }),
    )
    const text = await scrape()
    expect(sample(text, 'rm5_document_jobs_total', { kind: 'inspect', outcome: 'done' })).toBeGreaterThan(0)
    expect(sample(text, 'rm5_document_job_duration_seconds_count', { kind: 'inspect' })).toBeGreaterThan(0)
    expect(text).toMatch(/^rm5_document_jobs_waiting 0$/m)
  })

  it("a page's render job is logged with the page request's id", async () => {
    const before = sample(await scrape(), 'rm5_document_jobs_total', { kind: 'render', outcome: 'done' }) ?? 0
    const doc = await unrenderedMarkdown('Rendered on view')
    const res = await get(`/docket/documents/${doc.id}`, 'page-render', PROXY, { cookie })
    expect(res.statusCode).toBe(200)
    expect(linesOf('page-render')).toContainEqual(
      expect.objectContaining({ msg: 'document job', job: 'render', outcome: 'done' }),
    )
    expect(sample(await scrape(), 'rm5_document_jobs_total', { kind: 'render', outcome: 'done' })).toBe(
      before + 1,
    )
  })

  it('a page that fails shows the generic 5xx page with the reference its log line carries', async () => {
    const doc = await unrenderedMarkdown('Lost from storage')
    await t.storage.client.removeObject(t.storage.bucket(DOCUMENTS_BUCKET), doc.objectKey)
    const res = await get(`/docket/documents/${doc.id}`, 'page-500', PROXY, { cookie })
    expect(res.statusCode).toBe(500)
    expect(res.body).toContain('Something went wrong on our side.')
    expect(res.body).toContain('Reference: <code>page-500</code>')
    expect(linesOf('page-500')).toContainEqual(expect.objectContaining({ msg: 'page rendering failed' }))
  })
})
