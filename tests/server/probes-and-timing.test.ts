// Issue 34 point 7 against the real app over the production build, real Postgres and the embedded
// S3: a document page's pageContext.json for an unknown id counts against the unknown-path limit
// like any unknown page; POST /api/access/link is limited per client; opening another retailer's
// document runs the same queries as opening an id that does not exist (counted, not timed).
import { randomBytes } from 'node:crypto'
import { PrismaPg } from '@prisma/adapter-pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PrismaClient } from '../../server/db/generated/client.ts'
import { DocumentStore } from '../../server/documents/document-store.server.ts'
import { grantCookie, limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { LINK_PER_MINUTE, NOT_FOUND_LIMIT } from '../helpers/promised.ts'

let t: ProductionTestApp
let circlek: string
let pizzaDocument: string

beforeAll(async () => {
  t = await createProductionTestApp({ access: { rateLimitPrefix: limitPrefix() } })
  await seedCode(t.db, 'circlek', 'circle-k-probe-01')
  circlek = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-probe-01' }))
  pizzaDocument = (
    await t.app.documents.store.add({
      retailer: 'pizzahut',
      bytes: Buffer.from('# Menu\n'),
      fileName: 'm.md',
    })
  ).id
}, 300_000)

afterAll(async () => {
  await t?.close()
})

const randomId = () => randomBytes(16).toString('hex')

describe('probes', () => {
  it('an unknown document’s pageContext.json counts against the unknown-path limit', async () => {
    const prober = '203.0.113.7'
    for (let i = 0; i < NOT_FOUND_LIMIT.max; i++) {
      const res = await t.app.inject({
        url: `/docket/documents/${randomId()}/index.pageContext.json`,
        remoteAddress: prober,
        headers: { cookie: circlek },
      })
      expect(res.statusCode, res.body.slice(0, 200)).not.toBe(429)
    }
    const limited = await t.app.inject({ url: '/wp-login.php', remoteAddress: prober })
    expect(limited.statusCode).toBe(429)
    // Another client is not affected.
    expect((await t.app.inject({ url: '/wp-login.php', remoteAddress: '203.0.113.8' })).statusCode).toBe(404)
  })

  it('POST /api/access/link is limited per client', async () => {
    const post = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/access/link',
        remoteAddress,
        headers: {
          host: 'localhost:80',
          origin: 'http://localhost:80',
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ token: randomBytes(32).toString('base64url') }),
      })
    for (let i = 0; i < LINK_PER_MINUTE; i++) expect((await post('203.0.113.9')).statusCode).not.toBe(429)
    const limited = await post('203.0.113.9')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await post('203.0.113.10')).statusCode).not.toBe(429)
  })
})

describe('timing', () => {
  it('another retailer’s document and a missing id run the same queries', async () => {
    const queries: string[] = []
    const prisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: t.directUrl }),
      log: [{ emit: 'event', level: 'query' }],
    })
    prisma.$on('query', (event) => queries.push(event.query))
    try {
      const store = new DocumentStore(prisma as never, t.storage, { maxBytes: 1024, region: 'us-east-1' })
      const run = async (id: string) => {
        queries.length = 0
        expect(await store.findFor(id, { retailers: ['circlek'], codeIds: [] })).toBeUndefined()
        return [...queries]
      }
      const existing = await run(pizzaDocument)
      const missing = await run(randomId())
      expect(existing.length).toBeGreaterThan(0)
      expect(missing).toEqual(existing)
      // The page's own lookup is that one (DataRoom.open).
      queries.length = 0
      const viewers = [{ retailer: 'circlek' as const, codeId: null, email: null, label: null }]
      const room = Object.create(t.app.documents, { store: { value: store } })
      expect(await room.open(pizzaDocument, viewers)).toBeUndefined()
      expect(queries).toEqual(existing)
    } finally {
      await prisma.$disconnect()
    }
  })
})
