// Access attempts, docket openings and finished notifications past their retention settings are
// deleted by the running server, by one process at a time when several share the database.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { recordAttempt } from '../../server/access/attempts.server.ts'
import { addAdmin } from '../../server/admin/admins.server.ts'
import { LOCKS } from '../../server/db/advisory-lock.server.ts'
import { clientHash } from '../../server/http/client-hash.server.ts'
import { pruneOnce } from '../../server/retention/prune.server.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { BACKGROUND_WORK } from '../helpers/background-work.ts'
import { prunedOnly } from '../helpers/pruned.ts'

const DAY = 86_400_000
let t: TestApp

beforeAll(async () => {
  // This app's own start-up pruning keeps everything these tests seed (at most 400 days old).
  t = await createTestApp({
    env: {
      ACCESS_ATTEMPT_RETENTION_DAYS: '3650',
      DOCKET_ACTIVITY_RETENTION_DAYS: '3650',
      NOTIFICATION_RETENTION_DAYS: '3650',
    },
  })
  // Its start-up pruning, begun when the app became ready, holds the lock while it runs: the
  // tests below start once it has finished (retrying until our own prune gets the lock could
  // go first, and leave the app's to take the lock in the middle of a test).
  await t.app.pruning.settled()
})
afterAll(async () => {
  await t?.close()
})

async function seed(daysAgo: number[]) {
  await t.db.prisma.accessAttempt.deleteMany()
  const ipHash = clientHash(Buffer.from('k'), '203.0.113.1')
  for (const days of daysAgo) {
    await recordAttempt(t.db.prisma, {
      retailer: 'circlek',
      ipHash,
      outcome: 'denied',
      at: ago(days),
    })
  }
}

const settings = { accessAttemptDays: 90, docketActivityDays: 365, notificationDays: 30, analyticsDays: 90 }
const prune = () => pruneOnce(t.db.prisma, settings, new Date())
const ago = (days: number) => new Date(Date.now() - days * DAY)

const ages = async () =>
  (await t.db.prisma.accessAttempt.findMany({ orderBy: { createdAt: 'asc' } })).map((row) =>
    Math.round((Date.now() - row.createdAt.getTime()) / DAY),
  )

describe('retention', () => {
  it('deletes attempts older than the retention period and keeps the rest', async () => {
    await seed([400, 91, 89, 1])
    expect(await prune()).toEqual(prunedOnly({ accessAttempts: 2 }))
    expect(await ages()).toEqual([89, 1])
  })

  it('deletes docket openings and finished notifications past their settings, never pending ones', async () => {
    await t.db.prisma.accessAttempt.deleteMany()
    await t.db.prisma.docketView.createMany({
      data: [400, 366, 364].map((days) => ({
        retailer: 'circlek',
        page: '/docket',
        ipHash: 'h',
        createdAt: ago(days),
      })),
    })
    const notification = (days: number, state: 'delivered' | 'failed' | 'pending') => ({
      event: 'contact.created',
      channel: 'webhook',
      payload: { event: 'contact.created', messageId: crypto.randomUUID() },
      createdAt: ago(days),
      giveUpAt: ago(days - 1),
      ...(state === 'delivered'
        ? { deliveredAt: ago(days) }
        : state === 'failed'
          ? { failedAt: ago(days) }
          : {}),
    })
    await t.db.prisma.notification.createMany({
      data: [
        notification(31, 'delivered'),
        notification(29, 'delivered'),
        notification(45, 'failed'),
        notification(45, 'pending'),
      ],
    })
    expect(await prune()).toEqual(prunedOnly({ docketViews: 2, notifications: 2 }))
    expect(await t.db.prisma.docketView.count()).toBe(1)
    const left = await t.db.prisma.notification.findMany({ orderBy: { createdAt: 'asc' } })
    expect(
      left.map((row) => [
        row.deliveredAt ? 'delivered' : 'pending',
        Math.round((Date.now() - row.createdAt.getTime()) / DAY),
      ]),
    ).toEqual([
      ['pending', 45],
      ['delivered', 29],
    ])
    await t.db.prisma.notification.deleteMany()
    await t.db.prisma.docketView.deleteMany()
  })

  it('deletes document views past the activity setting and e-mail links a day after expiry', async () => {
    await t.db.prisma.accessAttempt.deleteMany()
    await t.db.prisma.documentView.createMany({
      data: [400, 366, 364].map((days) => ({
        documentId: 'd'.repeat(32),
        version: 1,
        retailer: 'circlek',
        ipHash: 'h',
        opens: 1,
        firstAt: ago(days),
        lastAt: ago(days),
      })),
    })
    await t.db.prisma.emailLink.createMany({
      data: [3, 0.5, -0.01].map((days, i) => ({
        tokenHash: `hash-${i}`,
        codeId: crypto.randomUUID(),
        email: 'dana@circlek.com',
        expiresAt: ago(days),
      })),
    })
    expect(await prune()).toEqual(prunedOnly({ documentViews: 2, emailLinks: 1 }))
    expect(await t.db.prisma.documentView.count()).toBe(1)
    expect(await t.db.prisma.emailLink.count()).toBe(2)
    await t.db.prisma.documentView.deleteMany()
    await t.db.prisma.emailLink.deleteMany()
  })

  it('deletes data-room sessions whose life ended longer ago than the access attempts are kept', async () => {
    await t.db.prisma.accessAttempt.deleteMany()
    await t.db.prisma.accessSession.createMany({
      data: [91, 89, -0.5].map((days) => ({
        retailer: 'circlek',
        codeId: crypto.randomUUID(),
        email: 'dana@circlek.com',
        createdAt: ago(days + 0.5),
        expiresAt: ago(days),
      })),
    })
    expect(await prune()).toEqual(prunedOnly({ accessSessions: 1 }))
    expect(await t.db.prisma.accessSession.count()).toBe(2)
    await t.db.prisma.accessSession.deleteMany()
  })

  it('deletes console sessions idle past 12 hours and sign-in links used or expired', async () => {
    await t.db.prisma.accessAttempt.deleteMany()
    const admin = await addAdmin(
      t.db.prisma,
      { label: 'cli@test' },
      { email: 'ops@example.com', role: 'owner' },
    )
    const hours = (n: number) => new Date(Date.now() - n * 3_600_000)
    await t.db.prisma.adminSession.createMany({
      data: [12.1, 11.9, 0].map((idle, i) => ({
        tokenHash: `session-${i}`,
        adminId: admin.id,
        method: 'link',
        createdAt: hours(idle + 1),
        lastSeenAt: hours(idle),
      })),
    })
    await t.db.prisma.adminSignInLink.createMany({
      data: [
        { tokenHash: 'used', usedAt: hours(0.1), expiresAt: hours(-0.1) },
        { tokenHash: 'expired', expiresAt: hours(0.01) },
        { tokenHash: 'live', expiresAt: hours(-0.2) },
      ].map((link) => ({ ...link, adminId: admin.id, createdAt: hours(0.2) })),
    })
    expect(await prune()).toEqual(prunedOnly({ adminSessions: 1, adminSignInLinks: 2 }))
    const left = await t.db.prisma.adminSession.findMany({ orderBy: { tokenHash: 'asc' } })
    expect(left.map((row) => row.tokenHash)).toEqual(['session-1', 'session-2'])
    const links = await t.db.prisma.adminSignInLink.findMany()
    expect(links.map((row) => row.tokenHash)).toEqual(['live'])
    await t.db.prisma.admin.deleteMany()
  })

  it('deletes the kept answers of a failed form post once their hour is over', async () => {
    await t.db.prisma.accessAttempt.deleteMany()
    const state = { values: { email: 'ada@' }, errors: {} }
    await t.db.prisma.formReturn.createMany({
      data: [
        { id: 'expired', path: '/contact', state, expiresAt: new Date(Date.now() - 1000) },
        { id: 'live', path: '/contact', state, expiresAt: new Date(Date.now() + 60_000) },
      ],
    })
    expect(await prune()).toEqual(prunedOnly({ formReturns: 1 }))
    const left = await t.db.prisma.formReturn.findMany()
    expect(left.map((row) => row.id)).toEqual(['live'])
    await t.db.prisma.formReturn.deleteMany()
  })

  it('keeps agreement acceptances whatever their age: the record of who accepted which version', async () => {
    await t.db.prisma.accessAttempt.deleteMany()
    const agreement = await t.db.prisma.agreement.create({
      data: { retailer: 'circlek', version: 1, body: 'NDA', sha256: 'x' },
    })
    await t.db.prisma.agreementAcceptance.create({
      data: {
        agreementId: agreement.id,
        email: 'dana@circlek.com',
        ipHash: 'h',
        acceptedAt: ago(4000),
      },
    })
    expect(await prune()).toEqual(prunedOnly({}))
    expect(await t.db.prisma.agreementAcceptance.count()).toBe(1)
  })

  it('leaves the work to the process that holds the lock', async () => {
    await seed([200])
    const other = new pg.Client({ connectionString: t.env.DATABASE_URL })
    await other.connect()
    try {
      await other.query('BEGIN')
      await other.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.retention])
      expect(await prune()).toBeNull()
      expect(await ages()).toEqual([200])
      await other.query('COMMIT')
      expect(await prune()).toEqual(prunedOnly({ accessAttempts: 1 }))
    } finally {
      await other.end()
    }
  })

  it('runs when the server starts, with the configured number of days', async () => {
    await seed([40, 20])
    const app = await appBeside(t, {
      env: { ...t.env, ACCESS_ATTEMPT_RETENTION_DAYS: 30 },
      logger: false,
    })
    try {
      await app.ready()
      await vi.waitFor(async () => expect(await ages()).toEqual([20]), BACKGROUND_WORK)
    } finally {
      await app.close()
    }
  })
})
