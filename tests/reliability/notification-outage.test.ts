// Notifications survive a receiver outage. Two app instances (replicas) share one real Postgres;
// the webhook and the SMTP server are down while 50 applications come in, then start: every
// application is delivered once on each channel (none twice, every webhook signature valid), and
// no submission waited for a receiver.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/free-port.ts'
import { buildApp } from '../../server/app.server.ts'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { smtpReceiver, until, webhookReceiver } from '../helpers/notification-receivers.ts'
import { postJson } from '../helpers/submissions.ts'

const SECRET = randomBytes(24).toString('hex')
const RETRY = { retryMs: 100, maxRetryMs: 800, pollMs: 100 }
const APPLICATIONS = 50

let webhook: ReturnType<typeof webhookReceiver>
let smtp: ReturnType<typeof smtpReceiver>
let t: TestApp
let replica: FastifyInstance
let replicaDb: Database

beforeAll(async () => {
  webhook = webhookReceiver(await freePort(), SECRET)
  smtp = smtpReceiver(await freePort())
  t = await createTestApp({
    env: {
      NOTIFY_WEBHOOK_URL: webhook.url,
      NOTIFY_WEBHOOK_SECRET: SECRET,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_FROM: 'site@rm5.example',
      NOTIFY_EMAIL_TO: 'sales@rm5.example, ops@rm5.example',
    },
    notifications: RETRY,
  })
  // A second server on the same database: both deliver, neither twice.
  replicaDb = await openDatabase(t.env, pino({ level: 'silent' }))
  replica = await buildApp({
    env: t.env,
    db: replicaDb,
    storage: t.storage,
    logger: false,
    notifications: RETRY,
  })
  await replica.ready()
})
afterAll(async () => {
  await replica?.close()
  await replicaDb?.close()
  await t?.close()
  await webhook?.stop()
  await smtp?.stop()
})

const application = (n: number) => ({
  companyName: `Outage Test Grocers ${n}`,
  businessType: 'Bakery',
  numberOfLocations: String((n % 9) + 1),
  contactName: `Pat Example ${n}`,
  email: `pat${n}@grocers.example`,
  phone: '(512) 555-0142',
})

describe('a receiver outage', () => {
  it('delivers all 50 applications on both channels once the receivers are back, none twice', async () => {
    const apps = [t.app, replica]
    const ids: string[] = []
    let slowest = 0
    for (let n = 0; n < APPLICATIONS; n++) {
      const started = performance.now()
      const res = await postJson(apps[n % 2] as FastifyInstance, '/api/applications', application(n))
      slowest = Math.max(slowest, performance.now() - started)
      expect(res.statusCode).toBe(201)
      ids.push(res.json().id)
    }
    const prisma = t.db.prisma
    expect(await prisma.notification.count()).toBe(APPLICATIONS * 2)
    // Both receivers really were down: every notification has failed at least once.
    await until('every notification failed once', async () => {
      const untried = await prisma.notification.count({ where: { lastError: null } })
      return untried === 0
    })
    const failedOnce = await prisma.notification.findFirst({ where: { channel: 'webhook' } })
    expect(failedOnce?.lastError).toMatch(/ECONNREFUSED/)
    expect(await prisma.notification.count({ where: { deliveredAt: { not: null } } })).toBe(0)

    const outageEnded = Date.now()
    await Promise.all([webhook.start(), smtp.start()])
    await until(
      'all delivered',
      async () =>
        (await prisma.notification.count({ where: { deliveredAt: { not: null } } })) === APPLICATIONS * 2,
    )
    const deliveredWithinMs = Date.now() - outageEnded
    // Nothing is left to claim on either server.
    expect(await t.app.outbox.deliverDue()).toBe(0)
    expect(await replica.outbox.deliverDue()).toBe(0)

    expect(webhook.deliveries).toHaveLength(APPLICATIONS)
    expect(new Set(webhook.deliveries.map((d) => d.id)).size).toBe(APPLICATIONS)
    expect(webhook.deliveries.every((d) => d.signatureValid)).toBe(true)
    expect(webhook.deliveries.every((d) => d.event === 'application.created')).toBe(true)
    expect(new Set(webhook.deliveries.map((d) => d.body.data.id))).toEqual(new Set(ids))
    const first = webhook.deliveries.find((d) => d.body.data.id === ids[0])
    expect(first?.body.text).toContain('Outage Test Grocers 0 (Bakery, 1 location)')

    expect(smtp.messages).toHaveLength(APPLICATIONS)
    expect(new Set(smtp.messages.map((m) => m.id)).size).toBe(APPLICATIONS)
    expect(smtp.messages[0]?.to).toEqual(['sales@rm5.example', 'ops@rm5.example'])
    expect(
      smtp.messages.some((m) => m.raw.includes('Subject: New retailer application: Outage Test Grocers 7')),
    ).toBe(true)

    const attempts = await prisma.notification.aggregate({
      _max: { attempts: true },
      _avg: { attempts: true },
    })
    console.log(
      `notification outage: ${APPLICATIONS} applications on 2 servers while the webhook and SMTP server were ` +
        `down (slowest submission ${slowest.toFixed(0)} ms); after they came back, ${APPLICATIONS * 2} ` +
        `deliveries in ${deliveredWithinMs} ms, ${webhook.deliveries.length} webhook + ${smtp.messages.length} mail, ` +
        `0 repeats; attempts per notification avg ${attempts._avg.attempts?.toFixed(1)}, max ${attempts._max.attempts}`,
    )
  })
})
