// Reading grants back from cookies (what the /docket and /circlek/proposal guards get): the signed
// session id, retailer binding, 12-hour lifetime, and the session and its code in Postgres.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signSession } from '../../server/access/grant-cookie.server.ts'
import {
  grantCookie,
  grantedRetailers,
  issueTestGrant,
  limitPrefix,
  seedCode,
  testClock,
  verify,
  verifyFresh,
} from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { GRANT_LIFETIME_MS, SESSION_CUTOFF_MS } from '../helpers/promised.ts'

const clock = testClock()
let t: TestApp
let circlekCookie: string
let circlekId: string

const grantsFor = (cookie: string | undefined) => grantedRetailers(t.app, cookie)
const cookieValue = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)

beforeAll(async () => {
  t = await createTestApp({ access: { now: clock.now, rateLimitPrefix: limitPrefix() } })
  circlekId = await seedCode(t.db, 'circlek', 'circle-k-grants-1')
})
afterAll(async () => {
  await t?.close()
})

describe('grants from cookies', () => {
  // A grant issued now, by the shared clock: another test may have moved it past an older one's age.
  beforeEach(async () => {
    circlekCookie = grantCookie(
      await verifyFresh(t.app, { retailer: 'circlek', accessCode: 'circle-k-grants-1' }),
    )
  })

  it('finds the grant a verify call set, and none without cookies', async () => {
    expect(await grantsFor(circlekCookie)).toEqual(['circlek'])
    expect(await grantsFor(`theme=dark; ${circlekCookie}; other=1`)).toEqual(['circlek'])
    expect(await grantsFor(undefined)).toEqual([])
    expect(await grantsFor('')).toEqual([])
  })

  it('ignores tampered, unsigned, foreign-secret and malformed cookies', async () => {
    const value = cookieValue(circlekCookie)
    const [version, id, sig] = value.split('.') as [string, string, string]
    const foreign = signSession(randomBytes(32), 'circlek', id)
    const bad = [
      'circlek-access=granted', // the spec's forgeable sessionStorage flag
      `circlek-access=${[version, crypto.randomUUID(), sig].join('.')}`,
      `circlek-access=${[version, id].join('.')}`,
      `circlek-access=${[version, id, sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))].join('.')}`,
      // A made-up session, signed: no row, no grant.
      `circlek-access=${signSession(t.app.access.keys.cookie, 'circlek', crypto.randomUUID())}`,
      `circlek-access=${foreign}`,
      'circlek-access=',
      'circlek-access=%E0%A4%A',
      `circlek-access=${'a'.repeat(5000)}`,
      'circlek-access=v2.none.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]
    for (const cookie of bad) expect(await grantsFor(cookie), cookie.slice(0, 60)).toEqual([])
    // A broken duplicate does not hide a valid copy.
    expect(await grantsFor(`circlek-access=junk; ${circlekCookie}`)).toEqual(['circlek'])
  })

  it('refuses a grant copied into another retailer’s cookie', async () => {
    const value = cookieValue(circlekCookie)
    expect(await grantsFor(`pizzahut-access=${value}`)).toEqual([])
    expect(await grantsFor(`walmart-access=${value}`)).toEqual([])
  })

  it('refuses a grant signed for another retailer naming a real session of this one', async () => {
    // Signed correctly, but the session is circlek's: a pizzahut grant must name a pizzahut session.
    const [, id] = cookieValue(circlekCookie).split('.') as [string, string]
    const forged = signSession(t.app.access.keys.cookie, 'pizzahut', id)
    expect(await grantsFor(`pizzahut-access=${forged}`)).toEqual([])
    // A session opened for pizzahut with a circlek code (no route does that) opens nothing either.
    const crossed = await issueTestGrant(t.app, {
      retailer: 'pizzahut',
      codeId: circlekId,
      issuedAt: clock.now(),
    })
    expect(await grantsFor(`pizzahut-access=${crossed}`)).toEqual([])
  })

  it('ends every grant after 12 hours, walmart’s included', async () => {
    const app = t.app
    const walmart = grantCookie(await verify(app, { retailer: 'walmart' }))
    expect(await grantsFor(`${circlekCookie}; ${walmart}`)).toEqual(['circlek', 'walmart'])
    clock.advance(GRANT_LIFETIME_MS - 60_000)
    expect(await grantsFor(`${circlekCookie}; ${walmart}`)).toEqual(['circlek', 'walmart'])
    clock.advance(60_000)
    expect(await grantsFor(`${circlekCookie}; ${walmart}`)).toEqual([])
    // A fresh verify gives a fresh 12 hours.
    const again = grantCookie(await verify(app, { retailer: 'circlek', accessCode: 'circle-k-grants-1' }))
    expect(await grantsFor(again)).toEqual(['circlek'])
  })
})

describe('code lifecycle ends grants', () => {
  it('names the viewer of an e-mail grant; a code that requires an e-mail refuses grants without one', async () => {
    const id = await seedCode(t.db, 'investor', 'investor-grants-email-1', { label: 'Board deck' })
    const plain = await issueTestGrant(t.app, { retailer: 'investor', codeId: id, issuedAt: clock.now() })
    const named = await issueTestGrant(t.app, {
      retailer: 'investor',
      codeId: id,
      issuedAt: clock.now(),
      email: 'ana@fund.example',
    })
    const viewers = async (value: string) => t.app.access.grants.grantsFor(`investor-access=${value}`)
    expect(await viewers(plain)).toEqual([
      {
        retailer: 'investor',
        codeId: id,
        email: null,
        label: 'Board deck',
        partnerName: 'Investors',
        sessionId: expect.any(String),
      },
    ])
    expect(await viewers(named)).toEqual([
      {
        retailer: 'investor',
        codeId: id,
        email: 'ana@fund.example',
        label: 'Board deck',
        partnerName: 'Investors',
        sessionId: expect.any(String),
      },
    ])
    await t.db.prisma.accessCode.update({ where: { id }, data: { requireEmail: true } })
    clock.advance(SESSION_CUTOFF_MS)
    expect(await viewers(plain)).toEqual([])
    expect((await viewers(named)).map((grant) => grant.email)).toEqual(['ana@fund.example'])
  })

  it('ends an existing grant when its code is revoked (within the short cache)', async () => {
    const id = await seedCode(t.db, 'compass', 'compass-grants-1')
    const cookie = grantCookie(await verify(t.app, { retailer: 'compass', accessCode: 'compass-grants-1' }))
    expect(await grantsFor(cookie)).toEqual(['compass'])
    // Revoked from another process (the codes CLI writes the database directly).
    await t.db.prisma.accessCode.update({ where: { id }, data: { revokedAt: clock.now() } })
    clock.advance(SESSION_CUTOFF_MS)
    expect(await grantsFor(cookie)).toEqual([])
  })

  it('ends an existing grant when its code expires', async () => {
    const expiresAt = new Date(clock.now().getTime() + 10 * 60_000)
    await seedCode(t.db, 'investor', 'investor-grants-1', { expiresAt })
    const cookie = grantCookie(await verify(t.app, { retailer: 'investor', accessCode: 'investor-grants-1' }))
    expect(await grantsFor(cookie)).toEqual(['investor'])
    clock.advance(10 * 60_000)
    expect(await grantsFor(cookie)).toEqual([])
  })

  it('ends an existing grant when its code is deleted', async () => {
    const id = await seedCode(t.db, 'partner', 'partner-grants-1')
    const cookie = grantCookie(await verify(t.app, { retailer: 'partner', accessCode: 'partner-grants-1' }))
    expect(await grantsFor(cookie)).toEqual(['partner'])
    await t.db.prisma.accessCode.delete({ where: { id } })
    clock.advance(SESSION_CUTOFF_MS)
    expect(await grantsFor(cookie)).toEqual([])
  })

  it('looks a code up once per cache window, however many requests', async () => {
    const cookie = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-grants-1' }))
    clock.advance(SESSION_CUTOFF_MS)
    const original = t.db.prisma.accessCode.findUnique
    let lookups = 0
    t.db.prisma.accessCode.findUnique = ((args: never) => {
      lookups++
      return original(args)
    }) as never
    try {
      for (let i = 0; i < 20; i++) expect(await grantsFor(cookie)).toEqual(['circlek'])
      expect(lookups).toBe(1)
    } finally {
      t.db.prisma.accessCode.findUnique = original
    }
  })

  it('answers at once only what it has verified, and only while that answer holds', async () => {
    const id = await seedCode(t.db, 'pizzahut', 'pizza-hut-known-1')
    const cookie = grantCookie(await verify(t.app, { retailer: 'pizzahut', accessCode: 'pizza-hut-known-1' }))
    const known = (header: string | undefined) => t.app.access.grants.knownGrantsFor(header)
    expect(known(undefined)).toEqual([])
    expect(known('theme=dark')).toEqual([])
    // A grant cookie nobody has checked yet needs the database: no answer at once.
    expect(known(cookie)).toBeUndefined()
    const checked = await t.app.access.grants.grantsFor(cookie)
    expect(checked.map((grant) => grant.retailer)).toEqual(['pizzahut'])
    expect(known(cookie)).toBe(checked)
    // A forged value is checked on every request, never remembered.
    const forged = `pizzahut-access=${cookieValue(cookie).slice(0, -2)}xx`
    expect(await grantsFor(forged)).toEqual([])
    expect(known(forged)).toBeUndefined()
    // Revoked from another process: once the code's state is SESSION_CUTOFF_MS old, the database decides again.
    await t.db.prisma.accessCode.update({ where: { id }, data: { revokedAt: clock.now() } })
    clock.advance(SESSION_CUTOFF_MS)
    expect(known(cookie)).toBeUndefined()
    expect(await grantsFor(cookie)).toEqual([])
    expect(known(cookie)).toBeUndefined()
  })

  it('treats a code-backed grant as absent, not as an error, when the database is down', async () => {
    const cookie = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-grants-1' }))
    clock.advance(SESSION_CUTOFF_MS)
    const original = t.db.prisma.accessCode.findUnique
    t.db.prisma.accessCode.findUnique = (() => Promise.reject(new Error('db down'))) as never
    try {
      expect(await grantsFor(cookie)).toEqual([])
    } finally {
      t.db.prisma.accessCode.findUnique = original
    }
  })
})
