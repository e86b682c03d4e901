// A server without mail warns at start when codes require an e-mail: their gates could only say
// "cannot send links" (issue 35). Real app, real Postgres, the app's own logger.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { insertCode } from '../../server/access/codes.server.ts'
import { appBeside, createTestApp, type TestApp } from '../helpers/app.ts'
import { logLines } from '../helpers/log-lines.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { SMTP_URL: '', NOTIFY_EMAIL_FROM: '' } })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

/** The warning lines a fresh app over the same database writes while it starts. */
async function warningsAtStart(): Promise<string[]> {
  const { lines, stream } = logLines()
  const app = await appBeside(t, { logger: { level: 'warn', stream } })
  await app.ready()
  await app.close()
  return lines.filter((line) => line.includes('require an e-mail'))
}

it('says nothing while no code requires an e-mail, and names the fix once one does', async () => {
  expect(await warningsAtStart()).toEqual([])
  await insertCode(t.db.prisma, { retailer: 'circlek', codeHash: 'x', requireEmail: true })
  const [warning] = await warningsAtStart()
  expect(warning).toMatch(/1 active access code\(s\) require an e-mail, but this server cannot send mail/)
  expect(warning).toMatch(/SMTP_URL, NOTIFY_EMAIL_FROM and NOTIFY_EMAIL_TO/)
})
