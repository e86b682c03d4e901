// `rm5 viewers show|delete --email`: a data-room viewer's rows in every table that names them
// (docket openings, document views, agreement acceptances, one-time links, document.opened
// notifications, data-room sessions) are found in any letter case and deleted together, with an
// audit entry naming the shell's user; other people's stay.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { runRm5, runRm5InTerminal } from '../helpers/run-cli.ts'

vi.setConfig({ testTimeout: 180_000 })

let t: TestApp
const rm5 = (args: string[]) => runRm5(args, { DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: t.env.DATA_DIR })

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function seed(email: string) {
  const prisma = t.db.prisma
  const codeId = crypto.randomUUID()
  const at = new Date('2026-11-25T09:00:00Z')
  await prisma.docketView.create({
    data: { retailer: 'investor', codeId, email, page: '/docket', ipHash: 'h', createdAt: at, lastAt: at },
  })
  await prisma.documentView.createMany({
    data: [0, 1].map((page) => ({
      documentId: 'b'.repeat(32),
      version: 1,
      retailer: 'investor',
      codeId,
      email,
      page,
      ipHash: 'h',
      opens: 1,
    })),
  })
  const agreement = await prisma.agreement.upsert({
    where: { retailer_version: { retailer: 'investor', version: 1 } },
    create: { retailer: 'investor', version: 1, body: 'NDA', sha256: 's' },
    update: {},
  })
  await prisma.agreementAcceptance.create({
    data: { agreementId: agreement.id, codeId, email, ipHash: 'h', acceptedAt: at },
  })
  // Unexpired: the retention prune deletes links a day after they expire, whenever it runs.
  await prisma.emailLink.create({
    data: { tokenHash: crypto.randomUUID(), codeId, email, expiresAt: new Date(Date.now() + 15 * 60_000) },
  })
  // A live session the link opened (sessions store the address as the link proved it, lower case).
  await prisma.accessSession.create({
    data: {
      retailer: 'investor',
      codeId,
      email: email.toLowerCase(),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  })
  await prisma.notification.create({
    data: {
      event: 'document.opened',
      channel: 'webhook',
      payload: { event: 'document.opened', email, documentId: 'b'.repeat(32) },
      giveUpAt: new Date(Date.now() + 86_400_000),
    },
  })
  // Someone's application with the same address: not the data room's to delete.
  await prisma.notification.create({
    data: {
      event: 'application.created',
      channel: 'webhook',
      payload: { event: 'application.created', email, applicationId: crypto.randomUUID() },
      giveUpAt: new Date(Date.now() + 86_400_000),
    },
  })
}

const held = async (email: string) => {
  const where = { email: { equals: email, mode: 'insensitive' as const } }
  const prisma = t.db.prisma
  return {
    docketViews: await prisma.docketView.count({ where }),
    documentViews: await prisma.documentView.count({ where }),
    acceptances: await prisma.agreementAcceptance.count({ where }),
    emailLinks: await prisma.emailLink.count({ where }),
    sessions: await prisma.accessSession.count({ where }),
    notifications: (await prisma.notification.findMany({ select: { event: true, payload: true } })).filter(
      (n) => String((n.payload as { email?: string }).email).toLowerCase() === email.toLowerCase(),
    ).length,
  }
}

describe('rm5 viewers', () => {
  it("shows and deletes one viewer's rows, in any letter case, and nobody else's", async () => {
    await seed('Dana@Fund.example')
    await seed('sam@fund.example')

    const shown = await rm5(['viewers', 'show', '--email', 'dana@fund.example', '--json'])
    expect(shown.code).toBe(0)
    expect(JSON.parse(shown.stdout)).toMatchObject({
      docketViews: 1,
      documentViews: 2,
      emailLinks: 1,
      sessions: 1,
      notifications: 1,
      acceptances: [{ retailer: 'investor', version: 1, acceptedAt: '2026-11-25T09:00:00.000Z' }],
      formRecords: { applications: 0, messages: 0 },
    })
    // A message sent from the address is named beside the data room's rows, kept apart from them.
    await t.db.prisma.contactMessage.create({
      data: { name: 'Dana', email: 'dana@fund.example', message: 'Hello' },
    })
    const told = await rm5(['viewers', 'show', '--email', 'dana@fund.example'])
    expect(told.stdout).toContain('1 contact message(s) from this address (rm5 contact list, delete)')

    // Usage errors exit 2 before anything connects: no address, or no terminal to ask on.
    const noEmail = await rm5(['viewers', 'delete', '--yes'])
    expect(noEmail.code).toBe(2)
    expect(noEmail.stderr).toContain('delete needs --email <address>')
    const noTerminal = await rm5(['viewers', 'delete', '--email', 'dana@fund.example'])
    expect(noTerminal.code).toBe(2)
    expect(noTerminal.stderr).toContain('add --yes')
    const badEmail = await rm5(['viewers', 'delete', '--email', 'not-an-address', '--yes'])
    expect(badEmail.code).toBe(2)

    const deleted = await rm5(['viewers', 'delete', '--email', 'DANA@fund.example', '--yes'])
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toContain('Deleted 1 row(s) of docket openings')
    expect(deleted.stdout).toContain('Deleted 2 row(s) of document views')
    expect(deleted.stdout).toContain('Deleted 1 data-room session(s), live or ended')
    expect(deleted.stdout).toContain('Deleted agreement acceptance: investor version 1, 2026-11-25 09:00Z')
    console.log(`rm5 viewers delete --email DANA@fund.example --yes:\n${deleted.stdout}`)
    expect(await held('dana@fund.example')).toEqual({
      docketViews: 0,
      documentViews: 0,
      acceptances: 0,
      emailLinks: 0,
      sessions: 0,
      // The application's notification stays: `rm5 applications delete` owns it.
      notifications: 1,
    })
    expect(await held('sam@fund.example')).toEqual({
      docketViews: 1,
      documentViews: 2,
      acceptances: 1,
      emailLinks: 1,
      sessions: 1,
      notifications: 2,
    })
    const audit = await t.db.prisma.auditEntry.findMany({ where: { action: 'viewer.delete' } })
    expect(audit).toEqual([
      expect.objectContaining({
        actor: expect.stringMatching(/^cli@/),
        target: 'dana@fund.example',
        details: expect.objectContaining({ sessions: 1, documentViews: 2 }),
      }),
    ])
    const again = await rm5(['viewers', 'delete', '--email', 'dana@fund.example', '--yes'])
    expect(again.code).toBe(0)
    expect(again.stdout.trim()).toBe('Nothing held about dana@fund.example.')
  })

  it('asks on a terminal, and deletes nothing when told no (exit 1)', async () => {
    await seed('lee@fund.example')
    const env = { DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: t.env.DATA_DIR }
    const run = runRm5InTerminal(['viewers', 'delete', '--email', 'lee@fund.example'], env)
    await run.waitFor('[y/N]')
    expect(run.output()).toContain('2 row(s) of document views')
    run.type('n\r')
    expect(await run.exited).toBe(1)
    expect((await held('lee@fund.example')).documentViews).toBe(2)
  })
})
