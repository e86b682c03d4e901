// Activity per viewer: docket openings are kept per code and e-mail, the client is hashed when the
// batch is written (never stored raw), `rm5 codes activity` joins the documents each viewer read,
// and the grant reader's memory of a Cookie header never outlives a rule (age, expiry, revocation).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { docketActivity } from '../../server/access/docket-activity-report.server.ts'
import type { VerifiedGrant } from '../../server/access/grants.server.ts'
import { issueTestGrant, limitPrefix, seedCode, testClock } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { GRANT_LIFETIME_MS, SESSION_CUTOFF_MS } from '../helpers/promised.ts'
import { runRm5 } from '../helpers/run-cli.ts'

vi.setConfig({ testTimeout: 120_000 })

const clock = testClock(new Date('2026-11-25T09:00:00Z'))
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    access: { now: clock.now, rateLimitPrefix: limitPrefix(), activityFlushMs: 600_000 },
  })
})
afterAll(async () => {
  await t?.close()
})

describe('docket openings per viewer', () => {
  it('keys openings by code and e-mail, hashes the client at write, and joins the documents read', async () => {
    const code = await seedCode(t.db, 'investor', 'investor-viewer-activity-1', { label: 'Board' })
    await t.db.prisma.accessCode.update({ where: { id: code }, data: { requireEmail: true } })
    const ana: VerifiedGrant = {
      retailer: 'investor',
      codeId: code,
      email: 'ana@fund.example',
      label: 'Board',
      partnerName: 'Investors',
      sessionId: randomUUID(),
    }
    const ben: VerifiedGrant = { ...ana, email: 'ben@fund.example' }
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute))
    const { activity } = t.app.access
    // One client in two spellings (IPv4, and IPv4 mapped into IPv6): one hashed client.
    activity.add({ grant: ana, page: '/docket', ip: '198.51.100.20', at: at(0) })
    activity.add({ grant: ana, page: '/docket', ip: '::ffff:198.51.100.20', at: at(5) })
    activity.add({ grant: ana, page: '/docket', ip: '198.51.100.21', at: at(7) })
    activity.add({ grant: ben, page: '/docket', ip: '198.51.100.20', at: at(10) })
    expect(await t.db.prisma.docketView.count()).toBe(0)
    await activity.flush()

    const rows = await t.db.prisma.docketView.findMany({ orderBy: { createdAt: 'asc' } })
    expect(rows.map((row) => [row.email, row.count])).toEqual([
      ['ana@fund.example', 2],
      ['ana@fund.example', 1],
      ['ben@fund.example', 1],
    ])
    for (const row of rows) {
      expect(row.ipHash).toMatch(/^[0-9a-f]{64}$/)
      expect(Object.values(row).map(String).join(' ')).not.toContain('198.51.100')
    }
    expect(rows[0]).toMatchObject({ createdAt: at(0), lastAt: at(5) })
    expect(rows[0]?.ipHash).toBe(rows[2]?.ipHash)

    const documentId = 'a'.repeat(32)
    await t.db.prisma.document.create({
      data: { id: documentId, retailer: 'investor', title: 'Board deck', kind: 'pdf', currentVersion: 1 },
    })
    await t.db.prisma.documentView.createMany({
      data: [
        { page: 0, opens: 2, seconds: 0 },
        { page: 1, opens: 1, seconds: 90 },
        { page: 2, opens: 1, seconds: 35 },
      ].map((view) => ({
        ...view,
        documentId,
        version: 1,
        retailer: 'investor',
        codeId: code,
        email: 'ana@fund.example',
        ipHash: rows[0]?.ipHash as string,
        firstAt: at(1),
        lastAt: at(20),
      })),
    })

    const report = await docketActivity(t.db.prisma, { retailer: 'investor' })
    expect(report.map((row) => row.email)).toEqual(['ana@fund.example', 'ben@fund.example'])
    expect(report[0]).toMatchObject({
      codeId: code,
      label: 'Board',
      requireEmail: true,
      openings: 3,
      clients: 2,
      firstOpened: at(0),
      lastOpened: at(7),
      firstSeen: at(0),
      lastSeen: at(20),
      documentSeconds: 125,
      documents: [
        { documentId, title: 'Board deck', opens: 2, seconds: 125, firstAt: at(1), lastAt: at(20) },
      ],
    })
    expect(report[1]).toMatchObject({ openings: 1, clients: 1, documents: [], documentSeconds: 0 })

    const env = { DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: t.env.DATA_DIR }
    const shown = await runRm5(['codes', 'activity', '--retailer', 'investor'], env)
    expect(shown.code).toBe(0)
    const lines = shown.stdout.split('\n')
    expect(lines[1]).toMatch(
      new RegExp(
        `^${code.slice(0, 8)}\\s+investor\\s+ana@fund\\.example\\s+2026-11-25 09:00Z\\s+2026-11-25 09:20Z\\s+3\\s+2\\s+1\\s+2m05s\\s+-$`,
      ),
    )
    expect(lines[2]).toMatch(
      /\s+investor\s+ben@fund\.example\s+2026-11-25 09:10Z\s+2026-11-25 09:10Z\s+1\s+1\s+0\s+-\s+-$/,
    )
    console.log(`rm5 codes activity --retailer investor:\n${shown.stdout}`)
    const json = JSON.parse(
      (await runRm5(['codes', 'activity', '--retailer', 'investor', '--json'], env)).stdout,
    )
    expect(json[0].documents[0]).toMatchObject({ title: 'Board deck', seconds: 125 })

    const documents = await runRm5(['documents', 'activity', '--retailer', 'investor'], env)
    expect(documents.code).toBe(0)
    expect(documents.stdout.split('\n')[1]).toMatch(
      /^ana@fund\.example\s+investor\s+Board deck\s+2\s+0\s+2m05s\s+2026-11-25 09:01Z\s+2026-11-25 09:20Z\s+1:1m30s 2:35s$/,
    )
  })
})

describe('remembered grants', () => {
  const header = (value: string) => `theme=dark; circlek-access=${value}`

  it('end at the exact maximum age, within the remembered window', async () => {
    // The cookie holds whole seconds: start on one, whatever the other tests did to the clock.
    clock.advance(1000 - (clock.now().getTime() % 1000))
    const code = await seedCode(t.db, 'circlek', 'circle-k-viewer-activity-1')
    const value = await issueTestGrant(t.app, {
      retailer: 'circlek',
      codeId: code,
      issuedAt: new Date(clock.now().getTime() - GRANT_LIFETIME_MS + 1_000),
    })
    expect(await t.app.access.grants.grantsFor(header(value))).toHaveLength(1)
    clock.advance(999)
    expect(await t.app.access.grants.grantsFor(header(value))).toHaveLength(1)
    clock.advance(1)
    expect(await t.app.access.grants.grantsFor(header(value))).toEqual([])
  })

  /** A new circlek code with a grant issued now and remembered, then revoked in the database. */
  async function rememberedThenRevoked(accessCode: string) {
    const code = await seedCode(t.db, 'circlek', accessCode)
    const cookie = header(
      await issueTestGrant(t.app, { retailer: 'circlek', codeId: code, issuedAt: clock.now() }),
    )
    expect(await t.app.access.grants.grantsFor(cookie)).toHaveLength(1)
    await t.db.prisma.accessCode.update({ where: { id: code }, data: { revokedAt: clock.now() } })
    return { code, cookie }
  }

  it('end at a code revoked by this process at once, and by another within the code cache', async () => {
    const here = await rememberedThenRevoked('circle-k-viewer-activity-2')
    clock.advance(SESSION_CUTOFF_MS - 1)
    // Remembered (one lookup per code cache window), until the window ends.
    expect(await t.app.access.grants.grantsFor(here.cookie)).toHaveLength(1)
    t.app.access.grants.forget()
    expect(await t.app.access.grants.grantsFor(here.cookie)).toEqual([])

    const elsewhere = await rememberedThenRevoked('circle-k-viewer-activity-3')
    clock.advance(SESSION_CUTOFF_MS)
    expect(await t.app.access.grants.grantsFor(elsewhere.cookie)).toEqual([])
  })

  it('do not keep a refusal past the code cache: a code that stops requiring an e-mail lets its grants in', async () => {
    const code = await seedCode(t.db, 'partner', 'partner-viewer-activity-1')
    await t.db.prisma.accessCode.update({ where: { id: code }, data: { requireEmail: true } })
    const walmart = await issueTestGrant(t.app, { retailer: 'walmart', codeId: null, issuedAt: clock.now() })
    const plain = await issueTestGrant(t.app, { retailer: 'partner', codeId: code, issuedAt: clock.now() })
    const both = `walmart-access=${walmart}; partner-access=${plain}`
    const retailers = async () => (await t.app.access.grants.grantsFor(both)).map((grant) => grant.retailer)
    expect(await retailers()).toEqual(['walmart'])
    await t.db.prisma.accessCode.update({ where: { id: code }, data: { requireEmail: false } })
    clock.advance(SESSION_CUTOFF_MS)
    expect(await retailers()).toEqual(['walmart', 'partner'])
  })
})
