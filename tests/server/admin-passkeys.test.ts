// Passkeys on the server side, against the real app and Postgres (the browser's part, with a
// virtual authenticator, is tests/e2e/admin-passkeys.spec.ts): each admin removes only their own,
// audited; answers that are not WebAuthn's shape are refused before any lookup; a site served on
// an IP address offers no passkey at all.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { limitPrefix } from '../helpers/access.ts'
import { post, refusedPage, type SignedIn, signIn } from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

let t: TestApp
let onIp: TestApp
let owner: SignedIn
let other: SignedIn
const suffix = Math.random().toString(36).slice(2, 8)
const ownerEmail = `keys-owner-${suffix}@example.com`
const passkeyId = `credential-${suffix}`

beforeAll(async () => {
  t = await createTestApp({
    access: { rateLimitPrefix: limitPrefix() },
    env: { PUBLIC_ORIGIN: 'http://localhost:3000' },
  })
  onIp = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
  owner = await signIn(t, ownerEmail, 'owner')
  other = await signIn(t, `keys-other-${suffix}@example.com`, 'reader')
  const admin = await t.db.prisma.admin.findUniqueOrThrow({ where: { email: ownerEmail } })
  await t.db.prisma.adminPasskey.create({
    data: { id: passkeyId, adminId: admin.id, publicKey: new Uint8Array([1, 2, 3]) },
  })
})
afterAll(async () => {
  await t?.close()
  await onIp?.close()
})

/** A passkey sign-in step, posted as JSON as the sign-in page's script posts it. */
const signInStep = (app: TestApp, url: string, payload: string) =>
  app.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload })

it('lets an admin remove only their own passkey, and records it', async () => {
  const foreign = await post(
    t,
    '/admin/passkeys/remove',
    { id: passkeyId, _csrf: other.csrf },
    { cookie: other.cookie },
  )
  const refused = await refusedPage(t.app, foreign, other.cookie)
  expect(refused.statusCode).toBe(404)
  expect(refused.body).toContain('You have no such passkey.')
  expect(await t.db.prisma.adminPasskey.count({ where: { id: passkeyId } })).toBe(1)

  const page = await t.app.inject({ url: '/admin/passkeys', headers: { cookie: owner.cookie } })
  expect(page.body).toContain(passkeyId.slice(0, 12))
  expect(page.body).toContain('/admin/assets/webauthn.js')
  const own = await post(
    t,
    '/admin/passkeys/remove',
    { id: passkeyId, _csrf: owner.csrf },
    { cookie: owner.cookie },
  )
  expect([own.statusCode, own.headers.location]).toEqual([303, '/admin/passkeys?done=removed'])
  expect(await t.db.prisma.adminPasskey.count({ where: { id: passkeyId } })).toBe(0)
  const entry = await t.db.prisma.auditEntry.findFirstOrThrow({
    where: { actor: ownerEmail, action: 'passkey.remove' },
  })
  expect(entry.details).toEqual({ passkey: passkeyId.slice(0, 12) })
})

it('hands out a challenge once per call and refuses an answer of the wrong shape', async () => {
  const before = await t.db.prisma.adminWebauthnChallenge.count()
  const options = await signInStep(t, '/admin/sign-in/passkey/options', '{}')
  expect(options.statusCode).toBe(200)
  expect(options.json()).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' })
  expect(await t.db.prisma.adminWebauthnChallenge.count()).toBe(before + 1)
  const answer = await signInStep(
    t,
    '/admin/sign-in/passkey',
    JSON.stringify({ id: 'x', response: { clientDataJSON: 'not base64url!' } }),
  )
  expect(answer.statusCode).toBe(400)
  expect(answer.json().message).toContain('could not be verified')
  expect(answer.headers['set-cookie']).toBeUndefined()
})

it('offers no passkey on a site served by IP address', async () => {
  const page = await onIp.app.inject({ url: '/admin/sign-in' })
  expect(page.statusCode).toBe(200)
  expect(page.body).not.toContain('data-passkey-sign-in')
  expect(page.body).not.toContain('webauthn.js')
  const options = await signInStep(onIp, '/admin/sign-in/passkey/options', '{}')
  expect(options.statusCode).toBe(404)
})
