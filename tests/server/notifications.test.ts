// The notifications outbox against real Postgres and a real HTTP receiver on loopback: contact
// messages are announced, a 5xx answer is retried, a receiver that never answers does not hold
// up the next submission, a notification is given up after its time and comes back with retry,
// and the settings are checked when the server starts.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/free-port.ts'
import { canSendLinks } from '../../server/access/email-link-mail.server.ts'
import { EnvError, parseEnv } from '../../server/env.server.ts'
import { listNotifications, retryNotifications } from '../../server/notifications/admin.server.ts'
import { configuredChannels } from '../../server/notifications/channels.server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { until, webhookReceiver } from '../helpers/notification-receivers.ts'
import { postJson } from '../helpers/submissions.ts'

const SECRET = randomBytes(24).toString('hex')
const FAST = { retryMs: 50, maxRetryMs: 200, pollMs: 50 }
const contact = (n: number) => ({
  name: `Robin Tester ${n}`,
  email: `robin${n}@example.org`,
  company: 'Tester & Co',
  message: `Please call me about a pilot (${n}).`,
})

const opened: TestApp[] = []
async function appWith(url: string, options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp({
    env: { NOTIFY_WEBHOOK_URL: url, NOTIFY_WEBHOOK_SECRET: SECRET },
    notifications: FAST,
    ...options,
  })
  opened.push(t)
  return t
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()))
})

/** A receiver answering with the statuses given, in turn (the last one from then on). */
async function scriptedReceiver(
  statuses: number[],
  handle?: (req: IncomingMessage, res: ServerResponse) => boolean,
) {
  const seen: { id: string; status: number }[] = []
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      if (handle?.(request, response)) return
      const status = statuses[Math.min(seen.length, statuses.length - 1)] as number
      seen.push({ id: String(request.headers['x-rm5-delivery']), status })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    seen,
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const receivers: { close(): Promise<void> }[] = []
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
})

describe('notifications', () => {
  it('announces a contact message with a signed, Slack-compatible body', async () => {
    const receiver = webhookReceiver(await freePort(), SECRET)
    await receiver.start()
    receivers.push({ close: () => receiver.stop() })
    const t = await appWith(receiver.url)
    const res = await postJson(t.app, '/api/contact', contact(1))
    expect(res.statusCode).toBe(201)
    await until('delivered', () => receiver.deliveries.length === 1)
    const [delivery] = receiver.deliveries
    expect(delivery?.signatureValid).toBe(true)
    expect(delivery?.event).toBe('contact.created')
    expect(delivery?.body.text).toBe(
      'New contact message from Robin Tester 1 &lt;robin1@example.org&gt; (Tester &amp; Co):\nPlease call me about a pilot (1).',
    )
    expect(delivery?.body.data).toMatchObject({ id: res.json().id, email: 'robin1@example.org' })
  })

  it('retries a receiver that answers 5xx until it takes the message', async () => {
    const receiver = await scriptedReceiver([503, 500, 200])
    receivers.push(receiver)
    const t = await appWith(receiver.url)
    expect((await postJson(t.app, '/api/contact', contact(2))).statusCode).toBe(201)
    await until(
      'delivered',
      async () => (await listNotifications(t.db.prisma, { state: 'delivered', limit: 5 })).length === 1,
    )
    expect(receiver.seen.map((s) => s.status)).toEqual([503, 500, 200])
    expect(new Set(receiver.seen.map((s) => s.id)).size).toBe(1)
    const [row] = await listNotifications(t.db.prisma, { limit: 5 })
    expect(row).toMatchObject({ attempts: 3, lastError: null })
  })

  it('takes the next submission while a receiver holds the previous delivery open', async () => {
    let held: ServerResponse | undefined
    const receiver = await scriptedReceiver([200], (_request, response) => {
      if (held) return false
      held = response
      return true
    })
    receivers.push(receiver)
    const t = await appWith(receiver.url)
    expect((await postJson(t.app, '/api/contact', contact(3))).statusCode).toBe(201)
    await until('the receiver holds the first delivery', () => held !== undefined)
    // The first delivery is still open: the next message is stored and answered all the same.
    const next = await postJson(t.app, '/api/contact', contact(4))
    expect(next.statusCode).toBe(201)
    expect(held?.writableEnded).toBe(false)
    held?.writeHead(200).end()
    await until(
      'both delivered',
      async () => (await listNotifications(t.db.prisma, { state: 'delivered', limit: 5 })).length === 2,
    )
  })

  it('gives a notification up after its time, lists it as failed, and delivers it on retry', async () => {
    const answers = [502]
    const receiver = await scriptedReceiver(answers)
    receivers.push(receiver)
    const t = await appWith(receiver.url, { notifications: { ...FAST, giveUpMs: 300 } })
    expect((await postJson(t.app, '/api/contact', contact(5))).statusCode).toBe(201)
    await until(
      'given up',
      async () => (await listNotifications(t.db.prisma, { state: 'failed', limit: 5 })).length === 1,
    )
    const [failed] = await listNotifications(t.db.prisma, { state: 'failed', limit: 5 })
    if (!failed) throw new Error('no failed notification')
    expect(failed.lastError).toBe('the webhook answered HTTP 502')
    expect(receiver.seen.length).toBeGreaterThanOrEqual(2)
    // The receiver is fixed; the admin puts the notification back in the queue.
    answers[0] = 200
    const requeued = await retryNotifications(
      t.db.prisma,
      { label: 'ops@example.com' },
      { id: failed.id.slice(0, 8) },
      {
        now: new Date(),
        giveUpMs: 60_000,
      },
    )
    expect(requeued).toEqual([failed.id])
    // Recorded with who asked.
    const audit = await t.db.prisma.auditEntry.findMany({ where: { action: 'notification.retry' } })
    expect(audit.map((row) => [row.actor, row.target])).toEqual([['ops@example.com', failed.id]])
    t.app.outbox.wake()
    await until(
      'delivered after retry',
      async () => (await listNotifications(t.db.prisma, { state: 'delivered', limit: 5 })).length === 1,
    )
    expect(receiver.seen.at(-1)?.status).toBe(200)
    await expect(
      retryNotifications(
        t.db.prisma,
        { label: 'ops@example.com' },
        { id: failed.id },
        { now: new Date(), giveUpMs: 1 },
      ),
    ).rejects.toThrow('has not failed')
  })

  it('refuses incomplete settings when the server starts', () => {
    expect(() => parseEnv({ NOTIFY_WEBHOOK_URL: 'https://hooks.example/x' })).toThrow(EnvError)
    expect(() => parseEnv({ NOTIFY_WEBHOOK_URL: 'https://hooks.example/x' })).toThrow(/NOTIFY_WEBHOOK_SECRET/)
    // A sender needs a server and the other way round; an inbox needs both.
    expect(() => parseEnv({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      new EnvError(
        'Invalid environment variable NOTIFY_EMAIL_FROM: e-mail (one-time links, and notifications to NOTIFY_EMAIL_TO) needs SMTP_URL and NOTIFY_EMAIL_FROM',
      ),
    )
    expect(() => parseEnv({ NOTIFY_EMAIL_FROM: 'a@b.example', NOTIFY_EMAIL_TO: 'x@y.example' })).toThrow(
      /^Invalid environment variable SMTP_URL: e-mail/,
    )
    expect(() => parseEnv({ NOTIFY_EMAIL_TO: 'x@y.example' })).toThrow(
      /^Invalid environment variable SMTP_URL: e-mail/,
    )
    expect(() => parseEnv({ SMTP_URL: 'https://mail.example' })).toThrow(/SMTP_URL: must be an smtp/)
    expect(() =>
      parseEnv({
        SMTP_URL: 'smtp://m.example',
        NOTIFY_EMAIL_FROM: 'a@b.example',
        NOTIFY_EMAIL_TO: 'x@y.example, nope',
      }),
    ).toThrow(/NOTIFY_EMAIL_TO/)
    expect(
      parseEnv({
        SMTP_URL: 'smtps://u:p@m.example:465',
        NOTIFY_EMAIL_FROM: 'a@b.example',
        NOTIFY_EMAIL_TO: 'x@y.example,z@y.example',
      }).NOTIFY_EMAIL_TO,
    ).toEqual(['x@y.example', 'z@y.example'])
  })

  it('takes SMTP_URL and NOTIFY_EMAIL_FROM without NOTIFY_EMAIL_TO: links are mailed, no notification is', () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      SITE_URL: 'https://rm5.example',
      SMTP_URL: 'smtp://mail.example:587',
      NOTIFY_EMAIL_FROM: 'site@rm5.example',
    })
    expect(canSendLinks(env)).toBe(true)
    expect(configuredChannels(env)).toEqual([])
    expect(configuredChannels({ ...env, NOTIFY_EMAIL_TO: ['ops@rm5.example'] })).toEqual(['email'])
  })

  it('queues nothing without a channel', async () => {
    const t = await createTestApp()
    opened.push(t)
    expect((await postJson(t.app, '/api/contact', contact(6))).statusCode).toBe(201)
    expect(await t.db.prisma.notification.count()).toBe(0)
  })
})
