// A server without mail warns at start when codes require an e-mail: their gates could only say
// "cannot send links" (issue 35); so does one in production without SITE_URL, whose links would
// point at itself (issue 43). Real app, real Postgres, the app’s own logger.
import { expect, it } from 'vitest'
import { insertCode } from '../../server/access/codes.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { appBeside, testAppForFile } from '../helpers/app.ts'
import { logLines } from '../helpers/log-lines.ts'

const t = testAppForFile({ env: { SMTP_URL: '', NOTIFY_EMAIL_FROM: '' } })

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
  expect(warning).toMatch(/set SMTP_URL and NOTIFY_EMAIL_FROM /)
  expect(warning).not.toContain('NOTIFY_EMAIL_TO')
})

it('with SMTP_URL and NOTIFY_EMAIL_FROM but no notification inbox, starts without a warning', async () => {
  const code = await insertCode(t.db.prisma, { retailer: 'circlek', codeHash: 'z', requireEmail: true })
  const { lines, stream } = logLines()
  // As the server parses them at start (which once refused them without NOTIFY_EMAIL_TO).
  const mail = parseEnv({
    NODE_ENV: 'test',
    SITE_URL: 'https://rm5.example',
    SMTP_URL: 'smtp://127.0.0.1:9',
    NOTIFY_EMAIL_FROM: 'site@rm5.example',
  })
  const env = {
    ...t.env,
    SITE_URL: mail.SITE_URL,
    SMTP_URL: mail.SMTP_URL,
    NOTIFY_EMAIL_FROM: mail.NOTIFY_EMAIL_FROM,
    NOTIFY_EMAIL_TO: mail.NOTIFY_EMAIL_TO,
  }
  const app = await appBeside(t, { env, logger: { level: 'warn', stream } })
  try {
    await app.ready()
  } finally {
    await app.close()
    await t.db.prisma.accessCode.delete({ where: { id: code.id } })
  }
  expect(lines).toEqual([])
})

it('in production without SITE_URL, says so once at start and mails no link, which could only reach this machine', async () => {
  // Its own code, removed after: the other test starts with none.
  const code = await insertCode(t.db.prisma, { retailer: 'circlek', codeHash: 'y', requireEmail: true })
  const { lines, stream } = logLines()
  const env = {
    ...t.env,
    NODE_ENV: 'production' as const,
    SMTP_URL: 'smtp://127.0.0.1:9',
    NOTIFY_EMAIL_FROM: 'site@rm5.example',
    NOTIFY_EMAIL_TO: ['ops@rm5.example'],
  }
  const app = await appBeside(t, { env, logger: { level: 'warn', stream } })
  try {
    await app.ready()
    const signIn = await app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ops%40example.com',
    })
    expect([signIn.statusCode, signIn.headers.location]).toEqual([303, '/admin/sign-in?notice=no-mail'])
  } finally {
    await app.close()
    await t.db.prisma.accessCode.delete({ where: { id: code.id } })
  }
  // The listener's origin (HOST and PORT unset: 127.0.0.1:3000) is named, with the fix.
  const named = lines.filter((line) => line.includes('SITE_URL is not set'))
  expect(named.filter((line) => line.includes('canonical addresses'))).toHaveLength(1)
  for (const line of named) expect(line).toContain('http://127.0.0.1:3000')
  expect(named.some((line) => line.includes('require an e-mail'))).toBe(true)
  expect(named.some((line) => line.includes('console sign-in link not e-mailed'))).toBe(true)
})
