// CSRF: a cross-site post to every console action is refused and changes nothing, whichever way
// it comes: a browser saying so (Sec-Fetch-Site, Origin), a form without the session's token or
// with another session's, a multipart or text/plain body. The SameSite=Strict cookie is a third
// layer these tests do not need to rely on: each request here carries the cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitPrefix } from '../helpers/access.ts'
import {
  type ConsoleAction,
  consoleActions,
  post,
  type SignedIn,
  seedConsoleRows,
  signIn,
} from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

let t: TestApp
let owner: SignedIn
let other: SignedIn
let posts: ConsoleAction[]

beforeAll(async () => {
  // A domain, so the passkey calls are live (an IP-address origin offers none).
  t = await createTestApp({
    access: { rateLimitPrefix: limitPrefix() },
    env: { PUBLIC_ORIGIN: 'http://localhost:3000' },
  })
  owner = await signIn(t, 'owner@example.com', 'owner')
  other = await signIn(t, 'other@example.com', 'owner')
  const ids = await seedConsoleRows(t, 'stays@example.com')
  posts = [
    ...consoleActions(ids).filter((action) => action.method === 'POST'),
    { name: 'sign out', method: 'POST', url: '/admin/sign-out', needs: 'read', form: {} },
  ]
})
afterAll(async () => {
  await t?.close()
})

/** What any of the refused posts could have changed. */
async function state() {
  const [audit, codes, revoked, failed, admins, sessions, partners, challenges, passkeys] = await Promise.all(
    [
      t.db.prisma.auditEntry.count(),
      t.db.prisma.accessCode.count(),
      t.db.prisma.accessCode.count({ where: { revokedAt: { not: null } } }),
      t.db.prisma.notification.count({ where: { failedAt: { not: null } } }),
      t.db.prisma.admin.count(),
      t.db.prisma.adminSession.count(),
      // Added, re-themed or removed.
      t.db.prisma.partner.findMany({
        select: { slug: true, tint: true, removedAt: true },
        orderBy: { slug: 'asc' },
      }),
      t.db.prisma.adminWebauthnChallenge.count(),
      t.db.prisma.adminPasskey.count(),
    ],
  )
  return { audit, codes, revoked, failed, admins, sessions, partners, challenges, passkeys }
}

const ways: [string, (action: ConsoleAction) => ReturnType<typeof post>][] = [
  [
    'a browser’s cross-site post (Sec-Fetch-Site: cross-site)',
    (action) =>
      post(
        t,
        action.url,
        { ...action.form, _csrf: owner.csrf },
        { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' },
      ),
  ],
  [
    'a post from a foreign Origin',
    (action) =>
      post(
        t,
        action.url,
        { ...action.form, _csrf: owner.csrf },
        { cookie: owner.cookie, origin: 'https://evil.example' },
      ),
  ],
  ['a form without the token', (action) => post(t, action.url, { ...action.form }, { cookie: owner.cookie })],
  [
    'a form with another session’s token',
    (action) => post(t, action.url, { ...action.form, _csrf: other.csrf }, { cookie: owner.cookie }),
  ],
  [
    'a multipart body',
    (action) =>
      t.app.inject({
        method: 'POST',
        url: action.url,
        headers: { cookie: owner.cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload: `--x\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${owner.csrf}\r\n--x--\r\n`,
      }),
  ],
  [
    'a text/plain body',
    (action) =>
      t.app.inject({
        method: 'POST',
        url: action.url,
        headers: { cookie: owner.cookie, 'content-type': 'text/plain' },
        payload: `_csrf=${owner.csrf}`,
      }),
  ],
]

describe.each(ways)('%s', (_way, send) => {
  it('is refused on every console action, and nothing changes', async () => {
    const before = await state()
    for (const action of posts) {
      const res = await send(action)
      expect([action.name, res.statusCode]).toEqual([
        action.name,
        expect.toSatisfy((s: number) => s === 403 || s === 415),
      ])
    }
    expect(await state()).toEqual(before)
  })
})

it('the same posts with the session’s own token and no foreign origin go through', async () => {
  const revoke = posts.find((action) => action.name === 'revoke a code') as ConsoleAction
  const res = await post(
    t,
    revoke.url,
    { _csrf: owner.csrf },
    { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
  )
  expect([res.statusCode, res.headers.location]).toEqual([303, '/admin/codes?revoked=1'])
})

it('a cross-site sign-in attempt is refused too', async () => {
  const res = await post(
    t,
    '/admin/sign-in',
    { email: 'owner@example.com' },
    { 'sec-fetch-site': 'cross-site' },
  )
  expect(res.statusCode).toBe(403)
  const challenges = await t.db.prisma.adminWebauthnChallenge.count()
  for (const url of ['/admin/sign-in/passkey/options', '/admin/sign-in/passkey']) {
    const passkey = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: '{}',
    })
    expect([url, passkey.statusCode]).toEqual([url, 403])
  }
  expect(await t.db.prisma.adminWebauthnChallenge.count()).toBe(challenges)
})
