// docs/original-behaviour.md: "Verification call fails or throws | Notice 'Error verifying access
// code'". Without JavaScript the gate shows the notice its `?error=` names (tests/server/
// access-pages.test.ts checks `?error=error` renders that sentence); here, a check that throws
// sends the form back with `error=error`, never with the wrong-code notice.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { CodeHasher } from '../../server/access/hasher.server.ts'
import { countingHasher, limitPrefix, verify, verifyForm } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

/** Argon2 as the server runs it, failing every check (out of memory, a broken build). */
const failingHasher: CodeHasher = {
  hash: countingHasher().hash,
  verify: () => Promise.reject(new Error('argon2 failed')),
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ access: { hasher: failingHasher, rateLimitPrefix: limitPrefix() } })
})
afterAll(async () => {
  await t?.close()
})

it('a check that fails sends a no-JS post back to its gate with "error", not "invalid"', async () => {
  const form = await verifyForm(t.app, { retailer: 'circlek', accessCode: 'a-code-nobody-holds' })
  expect([form.statusCode, form.headers.location]).toEqual([303, '/circlek?error=error'])
})

it("answers the script a 5xx with the spec's success: false, not a wrong-code answer", async () => {
  const res = await verify(t.app, { retailer: 'circlek', accessCode: 'a-code-nobody-holds' })
  expect(res.statusCode).toBeGreaterThanOrEqual(500)
  expect(res.json()).toMatchObject({ success: false })
})
