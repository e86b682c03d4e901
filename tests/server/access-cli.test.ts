// `rm5 codes` end to end: the real CLI process against a real database, including the
// embedded Postgres of a running server (attached through DATA_DIR/pg.json).
import argon2 from 'argon2'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { recordAttempt } from '../../server/access/attempts.server.ts'
import { buildApp } from '../../server/app.server.ts'
import { openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { clientHash } from '../../server/http/client-hash.server.ts'
import { openStorage } from '../../server/storage/storage.server.ts'
import { cliDatabaseForFile, codesHere } from '../helpers/codes-cli.ts'
import { logLines } from '../helpers/log-lines.ts'
import { withOwnedEmbeddedPostgres } from '../helpers/owned-embedded-postgres.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'
import { type CliRun, runRm5 } from '../helpers/run-cli.ts'

const testDb = cliDatabaseForFile()

const codes = (args: string[], env: Record<string, string> = {}, stdin?: string): Promise<CliRun> =>
  runRm5(['codes', ...args], { ...testDb.env, ...env }, stdin)

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: testDb.url })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows as T[]
  } finally {
    await client.end()
  }
}

describe('first start', () => {
  it('the server log says how to create a code while there is none', async () => {
    // None active, whatever the other tests of this file have generated before.
    await query('UPDATE access_codes SET revoked_at = now() WHERE revoked_at IS NULL')
    const { lines, stream } = logLines()
    const env = parseEnv({ NODE_ENV: 'test', ...testDb.env })
    const db = await openDatabase(env, silentLogger)
    // The data room builds its document store on the storage it is given: a real one.
    const storage = await openStorage(env, quietStorageLog)
    const app = await buildApp({ env, db, storage, logger: { level: 'info', stream } })
    try {
      await app.ready()
      const hint = lines
        .map((line) => JSON.parse(line).msg as string)
        .filter((msg) => msg.includes('rm5 codes'))
      expect(hint).toHaveLength(1)
      expect(hint[0]).toContain('No active access codes')
      expect(hint[0]).toContain('rm5 codes generate circlek')
    } finally {
      await app.close()
      await Promise.all([db.close(), storage.close()])
    }
  })
})

describe('usage', () => {
  it('prints help and exits 0; a usage error exits 2 (the real process)', async () => {
    const help = await codes(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: rm5 codes /)
    const bad = await codes(['set', 'circlek', '--code', 'short'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(
      /^rm5 codes set: that code is too easy to guess\. Choose at least 12 characters/,
    )
    expect(bad.stderr).toContain('see "rm5 codes set --help"')
  }, 60_000)

  it('exits 1 with one clear line when the database is unreachable', async () => {
    const run = await codes(['list'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^rm5 codes list: Could not (reach|open)/)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
  }, 60_000)

  it('has help for each command', async () => {
    for (const command of [
      'generate',
      'set',
      'list',
      'revoke',
      'attempts',
      'activity',
      'notify',
      'require-email',
    ]) {
      const run = await codesHere([command, '--help'])
      expect(run.code, command).toBe(0)
      expect(run.stdout).toMatch(new RegExp(`^Usage: rm5 codes ${command} `))
      expect(run.stderr).toBe('')
    }
  })

  it.each([
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['set', 'circlek', '--code', '  short  '], /too easy to guess/],
    [['set', 'circlek', '--code', 'Password1234!'], /too easy to guess.*rm5 codes generate/],
    [
      ['set', 'Target!', '--code', 'long-enough-code'],
      /'Target!' is invalid for argument 'retailer'\. A partner slug such as circlek/,
    ],
    [['set', 'circlek'], /required option '--code <code>' not specified/],
    [['generate'], /missing required argument 'retailer'/],
    [['generate', 'circlek', 'extra'], /too many arguments for 'generate'/],
    [
      ['generate', 'circlek', '--expires', 'someday'],
      /option '--expires <when>' argument 'someday' is invalid/,
    ],
    // A day given alone ends at its next midnight: the message says when that was.
    [
      ['generate', 'circlek', '--expires', '2020-01-01'],
      /--expires is in the past: it would end 2020-01-02 00:00 UTC/,
    ],
    [['revoke'], /either a code id or --retailer/],
    [['revoke', 'abc', '--retailer', 'circlek'], /either a code id or --retailer/],
    [['revoke', 'xyz!'], /is not a code id/],
    [['list', '--limit', '5'], /unknown option '--limit'/],
    [['list', '--retailer', 'Target!'], /argument 'Target!' is invalid\. A partner slug such as circlek/],
    [['attempts', '--limit', '0'], /argument '0' is invalid\. Use a whole number from 1 to 10000/],
    [['attempts', '--since', 'yesterday'], /option '--since <when>' argument 'yesterday' is invalid/],
    [['list', '--nope'], /unknown option '--nope'/],
    [['list', '--jsn'], /unknown option '--jsn' \(Did you mean --json\?\)/],
  ])('exits 2 with one clear line for %j', async (args, message) => {
    const run = await codesHere(args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(message)
    expect(run.stderr).toMatch(/^rm5 codes( \w+)?: .*; see "rm5 codes( \w+)? --help"\n$/)
  })

  it.each([
    [['generate', 'walmart'], /Walmart's gate takes no code/],
    [['generate', 'target'], /Unknown partner "target" \(see `rm5 partners list`\)/],
  ])('exits 1 with one clear line for a partner that cannot take %j', async (args, message) => {
    const run = await codesHere(args)
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(message)
  })

  it('shows its help on standard error when no command is named (exit 2)', async () => {
    const run = await codesHere([])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/^Usage: rm5 codes /)
  })
})

// Each command on codes of its own partner, so that the tests pass in any order
// (vitest --sequence.shuffle): generate on circlek, set on pizzahut, list on compass, revoke on
// partner, a label's clean-up on investor; the attempts are rows of their own table.
describe('managing codes', () => {
  it('generate: prints a new ≥100-bit code once and stores only its argon2id hash', async () => {
    const run = await codesHere(['generate', 'circlek', '--label', 'Jane Doe, ops', '--expires', '30d'])
    expect(run.code, run.stderr).toBe(0)
    const code = /code:\s+(\S+)/.exec(run.stdout)?.[1] ?? ''
    const generatedId = /id:\s+(\S+)/.exec(run.stdout)?.[1] ?? ''
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}$/)
    expect(run.stdout).toContain('only time the code is shown')
    const [row] = await query<{ code_hash: string; label: string; expires_at: Date }>(
      'SELECT code_hash, label, expires_at FROM access_codes WHERE id = $1',
      [generatedId],
    )
    expect(row?.code_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
    expect(await argon2.verify(row?.code_hash as string, code)).toBe(true)
    expect(JSON.stringify(row)).not.toContain(code)
    expect(row?.label).toBe('Jane Doe, ops')
    expect(row?.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
  }, 60_000)

  it('set: adds a chosen code, from the argument or standard input, and refuses a duplicate', async () => {
    const first = await codesHere(['set', 'pizzahut', '--code', 'pizza-party-2026'])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).not.toContain('pizza-party-2026')
    const again = await codesHere(['set', 'pizzahut', '--code', ' pizza-party-2026 '])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already active for pizzahut/)
    const piped = await codes(
      ['set', 'pizzahut', '--code', '-', '--json'],
      {},
      'stdin-orbit-lantern-mosaic-7\n',
    )
    expect(piped.code, piped.stderr).toBe(0)
    const added = JSON.parse(piped.stdout)
    const [row] = await query<{ code_hash: string }>('SELECT code_hash FROM access_codes WHERE id = $1', [
      added.id,
    ])
    expect(await argon2.verify(row?.code_hash as string, 'stdin-orbit-lantern-mosaic-7')).toBe(true)
  }, 60_000)

  it('list: shows every column but never a hash', async () => {
    const generated = await codesHere(['generate', 'compass', '--label', 'Jane Doe, ops', '--json'])
    const { id } = JSON.parse(generated.stdout)
    expect((await codesHere(['set', 'compass', '--code', 'compass-listed-2026'])).code).toBe(0)
    const run = await codesHere(['list'])
    expect(run.code, run.stderr).toBe(0)
    const [header] = run.stdout.split('\n')
    expect(header).toMatch(
      /^ID\s+RETAILER\s+LABEL\s+CREATED\s+EXPIRES\s+REVOKED\s+LAST USED\s+USES\s+E-MAIL$/,
    )
    expect(run.stdout).toMatch(new RegExp(`^${id}\\s+compass\\s+Jane Doe, ops\\s`, 'm'))
    expect(run.stdout).not.toContain('argon2')
    const compass = await codesHere(['list', '--retailer', 'compass'])
    expect(compass.stdout).toMatch(/2 code\(s\), 2 active/)
    const json = await codesHere(['list', '--retailer', 'compass', '--json'])
    const rows = JSON.parse(json.stdout)
    expect(rows).toHaveLength(2)
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'createdAt',
        'expiresAt',
        'id',
        'label',
        'lastUsedAt',
        'notify',
        'requireEmail',
        'allowDomains',
        'deniedEmails',
        'retailer',
        'revokedAt',
        'useCount',
      ].sort(),
    )
    // A slug no partner has is a typo to point out, not an empty list.
    const typo = await codesHere(['list', '--retailer', 'compas'])
    expect([typo.code, typo.stdout, typo.stderr]).toEqual([
      1,
      '',
      'rm5 codes list: Unknown partner "compas" (see `rm5 partners list`).\n',
    ])
    const none = await codesHere(['list', '--retailer', 'walmart', '--json'])
    expect([none.code, none.stdout]).toEqual([0, '[]\n'])
  }, 60_000)

  it('a label is stored without control characters, and one stored raw prints as text', async () => {
    const clear = '\u001b[2J'
    const retitle = '\u001b]0;owned\u0007'
    const generated = await codesHere([
      'generate',
      'investor',
      '--label',
      `Dana${clear}${retitle}, ops`,
      '--json',
    ])
    expect(generated.code, generated.stderr).toBe(0)
    const { id } = JSON.parse(generated.stdout)
    const [stored] = await query<{ label: string }>('SELECT label FROM access_codes WHERE id = $1', [id])
    expect(stored?.label).toBe('Dana[2J]0;owned, ops')
    // A label stored before the clean-up (or by hand) reaches the terminal as escapes, never raw.
    await query('UPDATE access_codes SET label = $2 WHERE id = $1', [id, `Dana${clear}${retitle}`])
    // The real process: what reaches a terminal.
    const run = await codes(['list', '--retailer', 'investor'])
    expect(run.code, run.stderr).toBe(0)
    for (const control of ['\u001b', '\u0007']) expect(run.stdout).not.toContain(control)
    expect(run.stdout).toContain('Dana\\x1b[2J\\x1b]0;owned\\x07')
  }, 60_000)

  it('revoke: by id prefix, then by retailer; unknown ids fail', async () => {
    const generate = async () => JSON.parse((await codesHere(['generate', 'partner', '--json'])).stdout).id
    const [first] = [await generate(), await generate(), await generate()]
    const one = await codesHere(['revoke', first.slice(0, 8)])
    expect(one.code, one.stderr).toBe(0)
    expect(one.stdout).toContain(`Revoked ${first}`)
    expect(one.stdout).toMatch(/end within 5 seconds/)
    const twice = await codesHere(['revoke', first])
    expect(twice.code).toBe(0)
    expect(twice.stdout).toContain('already revoked')
    const missing = await codesHere(['revoke', '00000000-0000-4000-8000-000000000000'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/no access code with id/)
    const all = await codesHere(['revoke', '--retailer', 'partner'])
    expect(all.code).toBe(0)
    expect(all.stdout.match(/^Revoked /gm)).toHaveLength(2)
    const [count] = await query<{ n: string }>(
      "SELECT count(*) AS n FROM access_codes WHERE revoked_at IS NULL AND retailer = 'partner'",
    )
    expect(Number(count?.n)).toBe(0)
  }, 60_000)

  it('attempts: newest first with totals, filtered by retailer', async () => {
    const db = await openDatabase({ DATABASE_URL: testDb.url, DATA_DIR: testDb.env.DATA_DIR }, silentLogger)
    try {
      const ipHash = clientHash(Buffer.from('k'), '203.0.113.1')
      // Recent: a server started on this database meanwhile prunes attempts past their retention.
      const hourAgo = Date.now() - 3_600_000
      const at = (s: number) => new Date(hourAgo + s * 1000)
      await recordAttempt(db.prisma, { retailer: 'circlek', ipHash, outcome: 'denied', at: at(1) })
      await recordAttempt(db.prisma, {
        retailer: 'circlek',
        ipHash,
        outcome: 'rate_limited',
        at: at(2),
        count: 40,
      })
      await recordAttempt(db.prisma, { retailer: 'circlek', ipHash, outcome: 'granted', at: at(3) })
      await recordAttempt(db.prisma, { retailer: 'walmart', ipHash, outcome: 'granted', at: at(4) })
    } finally {
      await db.close()
    }
    const run = await codesHere(['attempts', '--retailer', 'circlek'])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^TIME\s+RETAILER\s+OUTCOME\s+COUNT\s+IP \(HASHED\)$/)
    expect(lines[2]).toMatch(/rate_limited\s+40\s/)
    expect(lines[1]).toMatch(/granted/)
    expect(lines[3]).toMatch(/denied/)
    expect(run.stdout).toContain(
      '42 attempt(s) for circlek: 1 granted, 1 denied, 40 rate limited, 0 refused while busy, 0 failed.',
    )
    expect(run.stdout).not.toContain('walmart')
    const json = JSON.parse((await codesHere(['attempts', '--json', '--limit', '1'])).stdout)
    expect(json.totals).toEqual({ granted: 2, denied: 1, rate_limited: 40, busy: 0, error: 0 })
    expect(json.attempts).toHaveLength(1)
  }, 60_000)
})

describe('with the embedded database of a running server', () => {
  it('attaches to the server’s embedded Postgres instead of starting a second one', async () => {
    await withOwnedEmbeddedPostgres(async (server) => {
      const env = { DATABASE_URL: '', DATA_DIR: server.dataDir }
      const run = await codes(['generate', 'investor', '--json'], env)
      expect(run.code, run.stderr).toBe(0)
      const { id, code } = JSON.parse(run.stdout)
      expect(code).toMatch(/^[0-9A-Z-]{29}$/)
      const client = new pg.Client({ connectionString: server.url })
      await client.connect()
      const { rows } = await client.query('SELECT retailer FROM access_codes WHERE id = $1', [id])
      await client.end()
      expect(rows).toEqual([{ retailer: 'investor' }])
      const list = await codes(['list'], env)
      expect(list.stdout).toContain(id)
    })
  }, 180_000)
})
