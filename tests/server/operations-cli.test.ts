// The operations commands as an admin runs them (real Postgres): docket activity per code, marking a
// code to notify, the notifications outbox (list, retry), run in this process (rm5-here.ts); and
// deleting a person's data with its export first, by rm5 in a child process (standard output
// written as a stream, standard input not a terminal).
import { describe, expect, it, vi } from 'vitest'
import { seedCode } from '../helpers/access.ts'
import { testAppForFile } from '../helpers/app.ts'
import { unheardWebhook } from '../helpers/notification-receivers.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { runRm5 } from '../helpers/run-cli.ts'
import { postJson, sendApplication } from '../helpers/submissions.ts'

// The last test spawns the CLI several times (seconds each on a busy machine).
vi.setConfig({ testTimeout: 180_000 })

const env = () => ({ DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: t.env.DATA_DIR })
const here = (args: string[]) => rm5Here(args, env())
const rm5 = (args: string[]) => runRm5(args, env())

// Retried rarely: notifications stay in the outbox for the test.
const t = testAppForFile(async () => ({
  env: await unheardWebhook(),
  notifications: { retryMs: 600_000, pollMs: 600_000, giveUpMs: 1 },
}))

describe('rm5 codes activity and notify', () => {
  it('lists openings per code, and marks a code to notify', async () => {
    const used = await seedCode(t.db, 'circlek', 'circle-k-cli-activity-1', { label: 'Buyer' })
    await seedCode(t.db, 'circlek', 'circle-k-cli-activity-2', { label: 'Legal' })
    await t.db.prisma.docketView.createMany({
      data: [
        {
          retailer: 'circlek',
          codeId: used,
          page: '/docket',
          ipHash: 'a1',
          createdAt: new Date('2026-11-20T09:00:00Z'),
          lastAt: new Date('2026-11-20T09:00:00Z'),
        },
        {
          retailer: 'circlek',
          codeId: used,
          page: '/circlek/proposal',
          ipHash: 'a2',
          createdAt: new Date('2026-11-21T10:30:00Z'),
          lastAt: new Date('2026-11-21T10:30:00Z'),
        },
        {
          retailer: 'walmart',
          codeId: null,
          page: '/docket',
          ipHash: 'b1',
          createdAt: new Date('2026-11-22T08:00:00Z'),
          lastAt: new Date('2026-11-22T08:00:00Z'),
        },
      ],
    })
    const shown = await here(['codes', 'activity', '--retailer', 'circlek'])
    expect(shown.code).toBe(0)
    const lines = shown.stdout.split('\n')
    expect(lines[0]).toMatch(
      /^CODE\s+RETAILER\s+VIEWER\s+FIRST SEEN\s+LAST SEEN\s+OPENINGS\s+CLIENTS\s+DOCUMENTS\s+TIME\s+NOTIFY$/,
    )
    expect(lines[1]).toMatch(
      new RegExp(
        `^${used.slice(0, 8)}\\s+circlek\\s+Buyer\\s+2026-11-20 09:00Z\\s+2026-11-21 10:30Z\\s+2\\s+2\\s+0\\s+-\\s+-$`,
      ),
    )
    expect(lines[2]).toMatch(/\s+circlek\s+Legal\s+never\s+never\s+0\s+0\s+0\s+-\s+-$/)
    expect(shown.stdout).toContain('2 opening(s) for circlek; 1 code(s) never used in that time.')
    console.log(`rm5 codes activity --retailer circlek:\n${shown.stdout}`)

    const json = JSON.parse((await here(['codes', 'activity', '--since', '2026-11-22', '--json'])).stdout)
    expect(json.find((row: { retailer: string }) => row.retailer === 'walmart')).toMatchObject({
      codeId: null,
      openings: 1,
    })

    const on = await here(['codes', 'notify', used.slice(0, 8)])
    expect(on.code).toBe(0)
    expect(on.stdout).toContain(`Code ${used} now sends access.granted`)
    expect((await t.db.prisma.accessCode.findUnique({ where: { id: used } }))?.notify).toBe(true)
    expect((await here(['codes', 'notify', used, '--off', '--json'])).stdout.trim()).toBe(
      JSON.stringify({ id: used, notify: false }),
    )
    const generated = JSON.parse((await here(['codes', 'generate', 'pizzahut', '--notify', '--json'])).stdout)
    expect(generated.notify).toBe(true)
    const bad = await here(['codes', 'activity', '--since', 'last tuesday'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("option '--since <when>' argument 'last tuesday' is invalid")
  })
})

describe('rm5 notifications', () => {
  it('lists given-up notifications and queues them again', async () => {
    await postJson(t.app, '/api/contact', {
      name: 'Ana Outbox',
      email: 'ana@outbox.example',
      message: 'Hello there.',
    })
    // The webhook is down and the give-up time is immediate: the first failure gives it up.
    await t.app.outbox.deliverDue()
    const failed = await here(['notifications', 'list', '--failed'])
    expect(failed.code).toBe(0)
    expect(failed.stdout).toMatch(/contact\.created\s+webhook\s+failed\s+1\s+/)
    expect(failed.stdout).toMatch(/ECONNREFUSED/)
    const [row] = JSON.parse((await here(['notifications', 'list', '--failed', '--json'])).stdout)
    const retried = await here(['notifications', 'retry', row.id.slice(0, 8)])
    expect(retried.code).toBe(0)
    expect(retried.stdout).toContain(`Queued ${row.id} again`)
    expect(JSON.parse((await here(['notifications', 'list', '--pending', '--json'])).stdout)).toMatchObject([
      { id: row.id, state: 'pending' },
    ])
    const again = await here(['notifications', 'retry', row.id])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('has not failed')
    const usage = await here(['notifications', 'retry'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('retry needs either a notification id or --all-failed')
    const help = await here(['notifications', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: rm5 notifications /)
  })
})

describe('deleting a person’s data', () => {
  it('exports a person’s applications, refuses to delete without --yes off a terminal, then deletes', async () => {
    await sendApplication(t.app, 'Deletable Bakes', 'del@etion.example')
    await sendApplication(t.app, 'Deletable Bakes 2', 'DEL@etion.example')
    await sendApplication(t.app, 'Staying Put', 'stay@put.example')

    const exported = JSON.parse(
      (await rm5(['applications', 'export', '--format', 'json', '--email', 'del@etion.example'])).stdout,
    )
    expect(exported.map((row: { companyName: string }) => row.companyName)).toEqual([
      'Deletable Bakes',
      'Deletable Bakes 2',
    ])

    const asked = await rm5(['applications', 'delete', '--email', 'del@etion.example'])
    expect(asked.code).toBe(2)
    expect(asked.stderr).toContain('add --yes')
    expect(await t.db.prisma.retailerApplication.count()).toBe(3)

    const deleted = await rm5(['applications', 'delete', '--email', 'del@etion.example', '--yes'])
    expect(deleted.code).toBe(0)
    expect(deleted.stdout.trim().split('\n')).toHaveLength(2)
    expect(deleted.stdout).toMatch(
      /^Deleted [0-9a-f-]{36} {2}\d{4}-\d\d-\d\d \d\d:\d\dZ {2}Deletable Bakes <del@etion.example>$/m,
    )
    expect(deleted.stderr).toContain('Deleted 2 applications and the notifications about them.')
    expect((await t.db.prisma.retailerApplication.findMany()).map((row) => row.companyName)).toEqual([
      'Staying Put',
    ])

    const none = await rm5(['applications', 'delete', '--email', 'del@etion.example', '--yes'])
    expect(none.code).toBe(0)
    expect(none.stdout).toContain('No applications from del@etion.example.')
    const both = await rm5(['contact', 'delete', '--email', 'a@b.example', '--id', 'x', '--yes'])
    expect(both.code).toBe(2)
    const badId = await rm5(['contact', 'delete', '--id', '42', '--yes'])
    expect(badId.code).toBe(2)
    expect(badId.stderr).toContain("argument '42' is invalid. Use a record id (a UUID")
  })
})

describe('stored text on a terminal', () => {
  it('lists and deletes a record stored before the input clean-up with its control characters escaped', async () => {
    // As an older release stored it: the forms now drop control characters, the table must not
    // rely on that.
    const row = await t.db.prisma.retailerApplication.create({
      data: {
        companyName: 'Old\u001b[2JStore',
        businessType: 'Other Retail',
        numberOfLocations: 1,
        contactName: 'Bell\u0007 Ringer',
        email: 'old@terminal.example',
        phone: '512 555 0100',
      },
    })
    try {
      const listed = await rm5(['applications', 'list'])
      expect(listed.code, listed.stderr).toBe(0)
      expect(listed.stdout).toContain('Old\\x1b[2JStore')
      expect(listed.stdout).toContain('Bell\\x07 Ringer')
      for (const raw of ['\u0007', '\u001b']) expect(listed.stdout).not.toContain(raw)
    } finally {
      const deleted = await rm5(['applications', 'delete', '--id', row.id, '--yes'])
      expect(deleted.code, deleted.stderr).toBe(0)
      expect(deleted.stdout).toContain('Old\\x1b[2JStore <old@terminal.example>')
      expect(deleted.stdout).not.toContain('\u001b')
    }
  })
})
