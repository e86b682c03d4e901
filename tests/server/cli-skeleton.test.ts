// The contract every admin command keeps through its one skeleton (scripts/lib/cli.ts): help asked
// for on standard output (exit 0), usage errors in one line on standard error with a suggestion
// (exit 2), failures in one line without a stack trace (exit 1), and Ctrl-C at a question closing
// what the command opened (exit 130). The cases run the program in this process
// (tests/helpers/rm5-here.ts); a usage error, a failure and Ctrl-C run on the real `rm5` process.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { applyMigrations } from '../../server/db/migrate.server.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { type CliRun, runRm5, runRm5InTerminal } from '../helpers/run-cli.ts'

// A spawned CLI takes seconds to start on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

const UNREACHABLE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
  S3_ENDPOINT: 'http://127.0.0.1:1',
  S3_ACCESS_KEY: 'rm5-test',
  S3_SECRET_KEY: 'rm5-test-secret',
}

describe('usage errors', () => {
  it.each([
    [['codes', 'list', '--jsn'], 'codes list', "unknown option '--jsn' (Did you mean --json?)"],
    [
      ['applications', 'export', '--formt', 'csv'],
      'applications export',
      "unknown option '--formt' (Did you mean --format?)",
    ],
    [['contact', 'list', '--limt', '5'], 'contact list', "unknown option '--limt' (Did you mean --limit?)"],
    [
      ['notifications', 'list', '--faild'],
      'notifications list',
      "unknown option '--faild' (Did you mean --failed?)",
    ],
    [
      ['media', 'upload', 'x', '--bucket', '360', '--prefx', 'a'],
      'media upload',
      "unknown option '--prefx' (Did you mean --prefix?)",
    ],
    [
      ['db', 'new', 'x', '--from-empt'],
      'db new',
      "unknown option '--from-empt' (Did you mean --from-empty?)",
    ],
    [
      ['documents', 'set', '0123456789abcdef0123456789abcdef', '--download', '--no-download'],
      'documents set',
      "option '--download' cannot be used with option '--no-download'",
    ],
    [
      ['documents', 'replace', '0123456789abcdef0123456789abcdef', 'f.pdf', '--no-download', '--download'],
      'documents replace',
      "option '--download' cannot be used with option '--no-download'",
    ],
    [['media', 'uplaod'], 'media', "unknown command 'uplaod' (Did you mean upload?)"],
    [['notifcations', 'list'], '', "unknown command 'notifcations' (Did you mean notifications?)"],
  ])('%j: exit 2, one line on standard error with the suggestion', async (args, command, message) => {
    const run = await rm5Here(args, UNREACHABLE)
    expect(run.code, run.stderr).toBe(2)
    expect(run.stdout).toBe('')
    const where = `rm5${command ? ` ${command}` : ''}`
    expect(run.stderr).toBe(`${where}: ${message}; see "${where} --help"\n`)
  })

  it('checks option values before anything is opened', async () => {
    // The database is unreachable: reaching it would fail with exit 1 instead.
    const run = await rm5Here(['codes', 'attempts', '--since', 'last tuesday'], UNREACHABLE)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("option '--since <when>' argument 'last tuesday' is invalid. Use a date")
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
  })
})

describe('help', () => {
  it.each([
    ['codes', 'notify'],
    ['applications', 'delete'],
    ['contact', 'export'],
    ['notifications', 'retry'],
    ['media', 'backup'],
    ['db', 'new'],
  ])('rm5 %s %s --help: standard output, exit 0', async (command, sub) => {
    const run = await rm5Here([command, sub, '--help'], UNREACHABLE)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(new RegExp(`^Usage: rm5 ${command} ${sub} `))
    expect(run.stdout).toContain('-h, --help')
    expect(run.stdout).toContain('Exit status: 0 on success, 1 when the command fails, 2 for a usage error')
  })

  it('answers `help <command>` like --help', async () => {
    const run = await rm5Here(['codes', 'help', 'set'], UNREACHABLE)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Usage: rm5 codes set /)
    expect(run.stdout).toContain('--code -')
  })
})

describe('failures', () => {
  it.each([
    [['notifications', 'list'], 'rm5 notifications list: Could not reach DATABASE_URL'],
    [['applications', 'list'], 'rm5 applications list: Could not reach DATABASE_URL'],
    [['db', 'status'], 'rm5 db status: '],
  ])('%j: exit 1, one line on standard error, no stack trace', async (args, start) => {
    expectOneLineFailure(await rm5Here(args, UNREACHABLE), 1, start)
  })

  // Issue 43: a command that needs storage says plainly that it cannot reach it, and exits 2.
  it('a command that needs unreachable storage: exit 2, "Storage at <endpoint> is unreachable"', async () => {
    const run = await rm5Here(['media', 'list', '360'], UNREACHABLE)
    expectOneLineFailure(run, 2, 'rm5 media list: Storage at http://127.0.0.1:1 is unreachable: ')
    expect(run.stderr).toContain('ECONNREFUSED')
    // Not a usage error: no pointer to --help, and nothing of the credentials.
    expect(run.stderr).not.toContain('--help')
    expect(run.stderr).not.toContain(UNREACHABLE.S3_SECRET_KEY)
  })
})

describe('on the real rm5 process', () => {
  it('a usage error: exit 2, one line on standard error with the suggestion', async () => {
    const run = await runRm5(['notifcations', 'list'], UNREACHABLE)
    expect(run.code, run.stderr).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      `rm5: unknown command 'notifcations' (Did you mean notifications?); see "rm5 --help"\n`,
    )
  })

  it('a failure: exit 1, one line on standard error, no stack trace', async () => {
    expectOneLineFailure(
      await runRm5(['applications', 'list'], UNREACHABLE),
      1,
      'rm5 applications list: Could not reach DATABASE_URL',
    )
  })
})

describe('a bad site config, on the real rm5 process', () => {
  // Every command checks it by the server's schema, even one that never reads it (codes list).
  it.each([
    [
      ['codes', 'list'],
      { SITE_URL: 'not-a-url' },
      'SITE_URL: must be an http(s) URL such as https://rm5.example.com',
    ],
    [
      ['codes', 'list'],
      { SITE_URL: 'ftp://x' },
      'SITE_URL: must be an http(s) URL such as https://rm5.example.com',
    ],
    [
      ['admins', 'link', 'ops@rm5.example'],
      { SITE_URL: 'ftp://x' },
      'SITE_URL: must be an http(s) URL such as https://rm5.example.com',
    ],
    [
      ['codes', 'list'],
      { MEDIA_PUBLIC_URL: 'not-a-url' },
      'MEDIA_PUBLIC_URL: must be an http(s) URL such as https://cdn.example.com',
    ],
    [
      ['codes', 'list'],
      { BRAND_EMAIL: 'nope' },
      'BRAND_EMAIL: must be an e-mail address such as hello@example.com',
    ],
  ])('rm5 %j with %o: exit 2, one line naming it and a valid value', async (args, env, line) => {
    const run = await runRm5(args, { ...UNREACHABLE, ...env })
    expectOneLineFailure(run, 2, `rm5 ${args[0]}: Invalid environment variable ${line}`)
  })
})

function expectOneLineFailure(run: CliRun, code: number, start: string) {
  expect(run.code, run.stderr).toBe(code)
  expect(run.stdout).toBe('')
  expect(run.stderr.startsWith(start), run.stderr).toBe(true)
  expect(run.stderr.trim().split('\n')).toHaveLength(1)
  expect(run.stderr).not.toMatch(/\bat .*:\d+:\d+/)
}

describe('Ctrl-C at the delete question', () => {
  let dataDir: string
  const env = () => ({ DATABASE_URL: '', DATA_DIR: dataDir })

  /** Runs `work` on the embedded database in dataDir, owned by this process meanwhile. */
  async function withEmbedded<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const server = await startEmbeddedPostgres(dataDir, silentLogger)
    try {
      const db = await openDatabase({ DATABASE_URL: server.url, DATA_DIR: dataDir }, silentLogger)
      try {
        return await work(db)
      } finally {
        await db.close()
      }
    } finally {
      await server.close()
    }
  }
  const stillThere = () =>
    withEmbedded((db) => db.prisma.contactMessage.count({ where: { email: 'ann@interrupt.example' } }))

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rm5-cli-interrupt-'))
    await withEmbedded(async (db) => {
      await applyMigrations(db.url, silentLogger)
      await db.prisma.contactMessage.create({
        data: { name: 'Ann Interrupt', email: 'ann@interrupt.example', message: 'Keep me.' },
      })
    })
  })
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('SIGINT: closes the embedded database it started and exits 130, deleting nothing', async () => {
    const cli = runRm5InTerminal(['contact', 'delete', '--email', 'ann@interrupt.example'], env())
    await cli.waitFor('[y/N]')
    // The command started the embedded Postgres itself: it holds the data directory's claim.
    expect(existsSync(join(dataDir, 'pg.json'))).toBe(true)
    process.kill(await cli.pid, 'SIGINT')
    expect(await cli.exited, cli.output()).toBe(130)
    expect(cli.output()).toContain('Interrupted.')
    // Closed cleanly: the claim is released rather than left for the next process to take over.
    expect(existsSync(join(dataDir, 'pg.json'))).toBe(false)
    expect(await stillThere()).toBe(1)
  })

  it('the Ctrl-C key in the terminal does the same', async () => {
    const cli = runRm5InTerminal(['contact', 'delete', '--email', 'ann@interrupt.example'], env())
    await cli.waitFor('[y/N]')
    cli.type('\x03')
    expect(await cli.exited, cli.output()).toBe(130)
    expect(existsSync(join(dataDir, 'pg.json'))).toBe(false)
    expect(await stillThere()).toBe(1)
  })
})
