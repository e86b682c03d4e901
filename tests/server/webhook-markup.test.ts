// Issue 34 point 6: what a visitor types into the public contact form reaches Slack or Teams as
// text, never as a mention or a disguised link. The real app, real Postgres, a real receiver on
// loopback; the e-mail of the same message stays plain text (tested on the message itself).
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/lib/free-port.ts'
import { escapeChatMarkup } from '../../server/notifications/chat-markup.server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { until, webhookReceiver } from '../helpers/notification-receivers.ts'
import { postJson } from '../helpers/submissions.ts'

const SECRET = randomBytes(24).toString('hex')
const HOSTILE = ['<!channel>', '<!here>', '<@U024BE7LH>', '<https://evil.example|RM5 admin: re-verify>']

let t: TestApp
let receiver: ReturnType<typeof webhookReceiver>
afterAll(async () => {
  await t?.close()
  await receiver?.stop()
})

describe('webhook messages', () => {
  it('escape every visitor value: no mention or link syntax survives', async () => {
    receiver = webhookReceiver(await freePort(), SECRET)
    await receiver.start()
    t = await createTestApp({
      env: { NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: SECRET },
      notifications: { retryMs: 50, maxRetryMs: 200, pollMs: 50 },
    })
    const res = await postJson(t.app, '/api/contact', {
      name: `Mallory ${HOSTILE[0]}`,
      email: 'mallory@example.org',
      company: `${HOSTILE[1]} & ${HOSTILE[2]}`,
      message: `Please ${HOSTILE[3]} now.`,
    })
    expect(res.statusCode).toBe(201)
    await until('delivered', () => receiver.deliveries.length === 1)
    const text = String(receiver.deliveries[0]?.body.text)
    expect(text).not.toMatch(/[<>]/)
    for (const value of HOSTILE) expect(text).toContain(escapeChatMarkup(value))
    expect(text).toContain('&lt;!channel&gt;')
    expect(text).toContain('&lt;https://evil.example|RM5 admin: re-verify&gt;')
    expect(text).toContain('&lt;!here&gt; &amp; &lt;@U024BE7LH&gt;')
    // The structured data keeps the values as typed, for receivers that lay them out themselves.
    expect(receiver.deliveries[0]?.body.data).toMatchObject({ name: `Mallory ${HOSTILE[0]}` })
  })
})
