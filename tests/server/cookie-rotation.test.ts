// Rotating COOKIE_SECRET on the real app (docs/self-hosting.md, decision 029): three generations of
// the app on one database, as a rolling restart leaves them. A grant signed before the rotation
// keeps opening the docket while COOKIE_SECRET_PREVIOUS(_FILE) names the old secret, and stops once
// it is removed; grants signed after the rotation work throughout.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessPageContext } from '../../server/access/access.server.ts'
import { grantCookie, limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

const OLD_SECRET = 'old-secret-'.padEnd(48, 'o')
const NEW_SECRET = 'new-secret-'.padEnd(48, 'n')
const CODE = 'circle-k-rotation-1'

/** The grants the app's own reader finds in a Cookie header, as the page guards get them. */
const grantsRoute = (app: FastifyInstance) =>
  app.get('/test/grants', async (request) => (await accessPageContext(app, request)).accessGrants)

let dir: string
let before: TestApp
let during: TestApp
let after: TestApp

const start = (env: Record<string, string>) =>
  createTestApp({
    // One database for all three, as replicas of one deployment share it.
    env: before ? { ...env, DATABASE_URL: before.env.DATABASE_URL as string } : env,
    access: { rateLimitPrefix: limitPrefix() },
    routes: grantsRoute,
  })
const grantsOn = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/test/grants', headers: { cookie } })).json()
const grantFrom = async (t: TestApp) =>
  grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: CODE }))

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm5-rotation-'))
  const previousFile = join(dir, 'cookie_secret_previous')
  await writeFile(previousFile, `${OLD_SECRET}\n`)
  before = await start({ COOKIE_SECRET: OLD_SECRET })
  await seedCode(before.db, 'circlek', CODE)
  during = await start({ COOKIE_SECRET: NEW_SECRET, COOKIE_SECRET_PREVIOUS_FILE: previousFile })
  after = await start({ COOKIE_SECRET: NEW_SECRET })
}, 60_000)
afterAll(async () => {
  await after?.close()
  await during?.close()
  await before?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('rotating COOKIE_SECRET', () => {
  it('keeps a grant signed with the previous secret while COOKIE_SECRET_PREVIOUS names it', async () => {
    const oldGrant = await grantFrom(before)
    expect(await grantsOn(before, oldGrant)).toEqual(['circlek'])
    expect(await grantsOn(during, oldGrant)).toEqual(['circlek'])
  })

  it('refuses that grant once the previous secret is removed', async () => {
    const oldGrant = await grantFrom(before)
    expect(await grantsOn(after, oldGrant)).toEqual([])
  })

  it('signs new grants with the new secret only: valid after the rotation, not before it', async () => {
    const newGrant = await grantFrom(during)
    expect(await grantsOn(during, newGrant)).toEqual(['circlek'])
    expect(await grantsOn(after, newGrant)).toEqual(['circlek'])
    expect(await grantsOn(before, newGrant)).toEqual([])
  })
})
