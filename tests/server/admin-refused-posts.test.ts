// A console post refused for the state of things — its row gone, the admin's role lowered while
// the page was open, another change met meanwhile — answers 303 to a page that says so, which a
// reload shows again without posting (decision 071); a second click on a button whose work is
// done lands on its list, saying so. Against the real app and Postgres.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { consoleStatusOf, REFUSAL_GONE } from '../../server/admin/http/refused-post.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { post, refusedPage, type SignedIn, seedFailedNotification, signIn } from '../helpers/admin-console.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { unheardWebhook } from '../helpers/notification-receivers.ts'

let t: TestApp
let editor: SignedIn
const email = `refused-${Math.random().toString(36).slice(2, 8)}@example.com`

beforeAll(async () => {
  t = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
  editor = await signIn(t, email, 'editor')
})
afterAll(async () => {
  await t?.close()
})

const send = (url: string, form: Record<string, string> = {}, who = editor) =>
  post(t, url, { ...form, _csrf: who.csrf }, { cookie: who.cookie })
const page = (url: string, who = editor) => t.app.inject({ url, headers: { cookie: who.cookie } })

it('a second Retry queues nothing and says so, as the page says when no channel is set up; an id naming no notification goes to the refused page', async () => {
  const failed = await seedFailedNotification(t)
  const first = await send(`/admin/notifications/${failed.id}/retry`)
  expect([first.statusCode, first.headers.location]).toEqual([303, '/admin/notifications?retried=1'])
  const again = await send(`/admin/notifications/${failed.id}/retry`)
  expect([again.statusCode, again.headers.location]).toEqual([303, '/admin/notifications?retried=0'])
  const retriedNone = await page('/admin/notifications?retried=0')
  expect(retriedNone.body).toContain('Queued 0 notifications again')
  // This app has no channel: the page says so, and how to set one up.
  expect(retriedNone.body).toContain('No channel is set up')
  expect(retriedNone.body).toContain('<code>NOTIFY_WEBHOOK_URL</code>')
  expect(
    await t.db.prisma.auditEntry.count({ where: { action: 'notification.retry', target: failed.id } }),
  ).toBe(1)

  // With a webhook set, it says nothing of the kind.
  const withWebhook = await appBeside(t, { logger: false, env: { ...t.env, ...(await unheardWebhook()) } })
  try {
    const shown = await withWebhook.inject({
      url: '/admin/notifications',
      headers: { cookie: editor.cookie },
    })
    expect(shown.statusCode).toBe(200)
    expect(shown.body).not.toContain('No channel is set up')
  } finally {
    await withWebhook.close()
  }

  const garbage = await send('/admin/notifications/not-an-id/retry')
  const shown = await refusedPage(t.app, garbage, editor.cookie)
  expect([shown.statusCode, shown.body]).toEqual([
    404,
    expect.stringContaining('There is no such notification.'),
  ])
})

it('a role lowered while the page was open: the post goes to the refused page, at 403, and a reload shows it again', async () => {
  const lowered = await signIn(t, `lowered-${email}`, 'editor')
  await t.db.prisma.admin.update({ where: { email: `lowered-${email}` }, data: { role: 'reader' } })
  const codes = await t.db.prisma.accessCode.count()
  const res = await send('/admin/codes', { retailer: 'circlek', label: 'too late' }, lowered)
  expect(res.headers.location).toMatch(/^\/admin\/refused\?answers=[\w-]{22}$/)
  for (const _reload of [1, 2]) {
    const shown = await refusedPage(t.app, res, lowered.cookie)
    expect(shown.statusCode).toBe(403)
    expect(shown.body).toContain('Your role (reader) may only look.')
    expect(shown.body).toContain('Not allowed')
  }
  expect(await t.db.prisma.accessCode.count()).toBe(codes)
  // Another admin's refusal is theirs: the page is there for whoever holds its address, in the
  // console, and says nothing of the request it came from but its message.
  expect((await page(String(res.headers.location))).statusCode).toBe(403)
})

it('a refused page no longer kept (or never kept) says so, at 404', async () => {
  for (const url of [
    '/admin/refused',
    '/admin/refused?answers=AAAAAAAAAAAAAAAAAAAAAA',
    '/admin/refused?answers=x',
  ]) {
    const res = await page(url)
    expect([url, res.statusCode]).toEqual([url, 404])
    expect(res.body).toContain(REFUSAL_GONE)
  }
  // Without a session it is the sign-in page, as every console page.
  const anonymous = await t.app.inject({ url: '/admin/refused' })
  expect([anonymous.statusCode, anonymous.headers.location]).toEqual([303, '/admin/sign-in'])
})

it('a write that met another request’s change is a 409 saying so, not a fault', async () => {
  // Real errors from Postgres through Prisma: a row gone (P2025) and one added meanwhile (P2002).
  const gone = await t.db.prisma.formReturn
    .delete({ where: { id: 'never-kept-here-000000' } })
    .catch((error: unknown) => error)
  const kept = {
    id: `dup-${Math.random().toString(36).slice(2, 12)}`,
    path: '/x',
    state: {},
    expiresAt: new Date(),
  }
  await t.db.prisma.formReturn.create({ data: kept })
  const duplicate = await t.db.prisma.formReturn.create({ data: kept }).catch((error: unknown) => error)
  expect([consoleStatusOf(gone), consoleStatusOf(duplicate)]).toEqual([409, 409])
  expect(consoleStatusOf(new Error('a fault'))).toBe(500)
})
