// CSRF: a cross-site post to every console action is refused and changes nothing, whichever way
// it comes: a browser saying so (Sec-Fetch-Site, Origin), a form without the session's token or
// with another session's, a body in an encoding the action does not take (multipart to a form,
// a URL-encoded form to an upload) or text/plain, and an upload whose token comes after its file. The SameSite=Strict cookie is a third
// layer these tests do not need to rely on: each request here carries the cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitPrefix } from '../helpers/access.ts'
import {
  type ConsoleAction,
  consoleActions,
  multipartBody,
  post,
  postMultipart,
  type SignedIn,
  seedConsoleRows,
  sendAction,
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
  const { prisma } = t.db
  const counts = {
    audit: prisma.auditEntry.count(),
    codes: prisma.accessCode.count(),
    revoked: prisma.accessCode.count({ where: { revokedAt: { not: null } } }),
    failed: prisma.notification.count({ where: { failedAt: { not: null } } }),
    admins: prisma.admin.count(),
    sessions: prisma.adminSession.count(),
    viewerSessions: prisma.accessSession.count(),
    liveViewerSessions: prisma.accessSession.count({ where: { endedAt: null } }),
    documents: prisma.document.count(),
    agreements: prisma.agreement.count(),
    clearedAgreements: prisma.agreement.count({ where: { clearedAt: { not: null } } }),
    inlineOnly: prisma.document.count({ where: { download: false } }),
    logos: prisma.partner.count({ where: { logoKey: { not: null } } }),
    versions: prisma.documentVersion.count(),
    removedDocuments: prisma.document.count({ where: { removedAt: { not: null } } }),
    applications: prisma.retailerApplication.count(),
    messages: prisma.contactMessage.count(),
  }
  return Object.fromEntries(
    await Promise.all(Object.entries(counts).map(async ([name, count]) => [name, await count] as const)),
  )
}

const asOwner = (extra: Record<string, string> = {}) => ({ cookie: owner.cookie, ...extra })

const ways: [string, (action: ConsoleAction) => ReturnType<typeof post>][] = [
  [
    'a browser’s cross-site post (Sec-Fetch-Site: cross-site)',
    (action) =>
      sendAction(t, action, { csrf: owner.csrf, headers: asOwner({ 'sec-fetch-site': 'cross-site' }) }),
  ],
  [
    'a post from a foreign Origin',
    (action) =>
      sendAction(t, action, { csrf: owner.csrf, headers: asOwner({ origin: 'https://evil.example' }) }),
  ],
  ['a form without the token', (action) => sendAction(t, action, { headers: asOwner() })],
  [
    'a form with another session’s token',
    (action) => sendAction(t, action, { csrf: other.csrf, headers: asOwner() }),
  ],
  [
    'a body in the other encoding (multipart to a form, a URL-encoded form to an upload)',
    (action) =>
      action.file
        ? post(t, action.url, { ...action.form, _csrf: owner.csrf }, asOwner())
        : postMultipart(t, action.url, { ...action.form, _csrf: owner.csrf }, undefined, asOwner()),
  ],
  [
    'a text/plain body',
    (action) =>
      t.app.inject({
        method: 'POST',
        url: action.url,
        headers: asOwner({ 'content-type': 'text/plain' }),
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

it('an upload whose token comes after its file is refused before the file is stored', async () => {
  const before = await state()
  for (const action of posts.filter((post) => post.file)) {
    const body = multipartBody(
      [...Object.entries(action.form ?? {}), ['_csrf', owner.csrf]],
      action.file?.(),
      {
        fileFirst: true,
      },
    )
    const res = await t.app.inject({
      method: 'POST',
      url: action.url,
      headers: asOwner({ 'content-type': body.contentType }),
      payload: body.payload,
    })
    expect([action.name, res.statusCode]).toEqual([action.name, 403])
  }
  expect(await state()).toEqual(before)
})

it('the same posts with the session’s own token and no foreign origin go through', async () => {
  const revoke = posts.find((action) => action.name === 'revoke a code') as ConsoleAction
  const res = await post(
    t,
    revoke.url,
    { _csrf: owner.csrf },
    { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
  )
  expect([res.statusCode, res.headers.location]).toEqual([303, '/admin/codes?done=revoked'])
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
