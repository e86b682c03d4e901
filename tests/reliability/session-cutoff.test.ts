// Every way of cutting a data-room session off reaches every instance within SESSION_CUTOFF_MS
// (decision 045): two app instances over one Postgres, Redis and storage, as behind a balancer,
// each remembering the grant it just honoured. Signing out on A, `rm5 viewers revoke`,
// `rm5 codes deny` and narrowing a code's domains (the services the CLI calls, from this process:
// a third one to the instances) each leave /docket answering 302 on both once the cache time has
// passed on their clock, which the test moves (no sleeps, no timed assertions).
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { denyCodeEmail, setCodeEmailRule } from '../../server/access/code-admin.server.ts'
import { issueGrant } from '../../server/access/sessions.server.ts'
import { revokeViewer } from '../../server/access/viewers.server.ts'
import type { Env } from '../../server/env.server.ts'
import { limitPrefix, seedCode, testClock } from '../helpers/access.ts'
import { type AppInstance, replicaEnv, startAppInstance, stopAppInstances } from '../helpers/app-instance.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { SESSION_CUTOFF_MS } from '../helpers/promised.ts'
import { deleteRedisKeys } from '../helpers/redis-keys.ts'
import { describeWith, redisAt } from '../helpers/required-service.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisService = await redisAt(REDIS_URL)

const prefix = limitPrefix()
// Starts at the real time: the page layer's own caches run on it; grants move with this one.
const clock = testClock(new Date())
const actor = { label: 'test' }
let testDb: TestDatabase
let env: Env
let a: AppInstance
let b: AppInstance

beforeAll(async () => {
  if (!redisService.available) return
  testDb = await createTestDatabase()
  env = replicaEnv(testDb, REDIS_URL)
  a = await startAppInstance('A', env, prefix, { now: clock.now })
  b = await startAppInstance('B', env, prefix, { now: clock.now })
}, 120_000)

afterAll(async () => {
  await stopAppInstances([b, a])
  if (redisService.available) await deleteRedisKeys(REDIS_URL, prefix)
  await testDb?.drop()
})

const docket = (instance: AppInstance, cookie: string) =>
  fetch(`${instance.url}/docket`, { redirect: 'manual', headers: { cookie } }).then((res) => res.status)

/** A session a one-time link opened for `email` with a fresh code that requires one. */
async function signedIn(n: number, email: string) {
  const codeId = await seedCode(a.db, 'circlek', `circle-k-cutoff-${n}-${randomBytes(4).toString('hex')}`)
  await a.db.prisma.accessCode.update({ where: { id: codeId }, data: { requireEmail: true } })
  const grant = { retailer: 'circlek', codeId, email }
  const value = await issueGrant(a.db.prisma, a.app.access.keys.cookie, grant, clock.now())
  return { codeId, cookie: `circlek-access=${value}` }
}

const cutOffs: [string, (session: { codeId: string; cookie: string }, email: string) => Promise<unknown>][] =
  [
    [
      'signing out on A',
      ({ cookie }) =>
        fetch(`${a.url}/api/access/logout`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: a.url },
          body: '',
          redirect: 'manual',
        }),
    ],
    ['rm5 viewers revoke --email', (_, email) => revokeViewer(a.db.prisma, actor, email)],
    ['rm5 codes deny <id> --email', ({ codeId }, email) => denyCodeEmail(a.db.prisma, actor, codeId, email)],
    [
      'rm5 codes require-email <id> --allow-domain (narrowed)',
      ({ codeId }) =>
        setCodeEmailRule(a.db.prisma, actor, codeId, {
          requireEmail: true,
          allowDomains: ['elsewhere.example'],
        }),
    ],
  ]

describeWith(redisService, 'cutting a session off, two instances', () => {
  it.each(cutOffs.map((cut, n) => [...cut, n] as const))(
    '%s ends it on every instance',
    async (name, cut, n) => {
      const email = `viewer-${n}@circlek.com`
      const session = await signedIn(n, email)
      // Both instances honour it, and remember that they did.
      expect(await docket(a, session.cookie)).toBe(200)
      expect(await docket(b, session.cookie)).toBe(200)
      await cut(session, email)
      clock.advance(SESSION_CUTOFF_MS)
      expect(await docket(a, session.cookie), `${name} on A`).toBe(302)
      expect(await docket(b, session.cookie), `${name} on B`).toBe(302)
    },
  )
})
