// A retailer's code row whose argon2 hash cannot be read (cut short by a bad restore, edited by
// hand) must not lock out the retailer's other codes: the check goes on to the next code, answers
// a wrong code as wrong (never a 500), and logs the damaged row by its id only.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { logLines } from '../helpers/log-lines.ts'
import { freshIp } from '../helpers/submissions.ts'

const DAMAGED = ['investor-damaged-row-1', 'investor-damaged-row-2']
const GOOD = 'investor-good-row-1'

let t: TestApp
let app: FastifyInstance
const log = logLines()
const damagedIds: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  // The damaged rows come first (the check reads a retailer's codes oldest first).
  for (const code of DAMAGED) damagedIds.push(await seedCode(t.db, 'investor', code))
  await seedCode(t.db, 'investor', GOOD)
  const [cutShort, notArgon2] = damagedIds as [string, string]
  const row = await t.db.prisma.accessCode.findUniqueOrThrow({ where: { id: cutShort } })
  await t.db.prisma.accessCode.update({
    where: { id: cutShort },
    data: { codeHash: row.codeHash.slice(0, 40) },
  })
  await t.db.prisma.accessCode.update({ where: { id: notArgon2 }, data: { codeHash: 'not an argon2 hash' } })
  app = await appBeside(t, {
    logger: { level: 'error', stream: log.stream },
    access: { rateLimitPrefix: limitPrefix() },
  })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await t?.close()
})

const attempt = (accessCode: string) =>
  verify(app, { retailer: 'investor', accessCode }, { remoteAddress: freshIp() })

describe('a damaged code hash', () => {
  it("lets the retailer's other code in, every time", async () => {
    for (let n = 0; n < 3; n++) {
      const res = await attempt(GOOD)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true })
    }
  })

  it('answers a wrong code, and the damaged rows’ own codes, as wrong: not an error', async () => {
    for (const code of ['investor-wrong-guess-1', ...DAMAGED]) {
      const res = await attempt(code)
      expect(res.statusCode, code).toBe(200)
      expect(res.json(), code).toEqual({ success: false })
    }
  })

  it('logs each damaged row by id, never a code or a hash', async () => {
    // This attempt's lines only: the other tests' attempts log the damaged rows too.
    const from = log.lines.length
    await attempt(GOOD)
    const text = log.lines.slice(from).join('')
    for (const id of damagedIds) expect(text).toContain(id)
    expect(text).toContain('access code hash is unreadable')
    expect(text).not.toContain(GOOD)
    expect(text).not.toContain('not an argon2 hash')
  })
})
