// `rm5 partners add|set --logo` and `rm5 documents add|replace` read the file they are given before
// anything is opened (docs/admin-cli.md): a missing or refused file is the error, not an unreachable
// database, and no embedded Postgres is started for it. Adding a partner with its logo is one step:
// a refused logo leaves no partner behind, so the same command with a good logo works. The commands
// run in this process (rm5-here.ts) against a real database and the embedded store in DATA_DIR.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import type { CliRun } from '../helpers/run-cli.ts'

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>'
const UNREACHABLE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
  S3_ENDPOINT: 'http://127.0.0.1:1',
  S3_ACCESS_KEY: 'rm5-test',
  S3_SECRET_KEY: 'rm5-test-secret',
}
const A_DOCUMENT_ID = '0123456789abcdef0123456789abcdef'

let testDb: TestDatabase
let db: Database
let files: string
const env = () => ({ ...testDb.env, NODE_ENV: 'test', S3_ENDPOINT: '' })
const rm5 = (...args: string[]) => rm5Here(args, env())
const file = (name: string) => join(files, name)

beforeAll(async () => {
  testDb = await createTestDatabase()
  db = await openDatabase(testDb.env, silentLogger)
  files = testDb.env.DATA_DIR
  await writeFile(file('logo.svg'), SVG)
  await writeFile(file('not-a-logo.svg'), 'not an image at all')
}, 60_000)
afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

function expectOneLine(run: CliRun, code: number, line: string) {
  expect([run.code, run.stdout, run.stderr]).toEqual([code, '', `${line}\n`])
}

describe('a file given to a command is read before anything is opened', () => {
  // The database and storage are unreachable: reaching either would be the error instead.
  it.each([
    [
      ['partners', 'add', 'acme', '--name', 'Acme', '--logo', 'missing.svg'],
      'partners add',
      'missing.svg does not exist.',
    ],
    [['partners', 'set', 'circlek', '--logo', 'missing.svg'], 'partners set', 'missing.svg does not exist.'],
    [['documents', 'add', 'circlek', 'missing.pdf'], 'documents add', 'missing.pdf does not exist.'],
    [
      ['documents', 'replace', A_DOCUMENT_ID, 'missing.pdf'],
      'documents replace',
      'missing.pdf does not exist.',
    ],
  ])('%j: the missing file, exit 1', async (args, command, message) => {
    const run = await rm5Here(
      args.map((arg) => (arg.startsWith('missing.') ? file(arg) : arg)),
      UNREACHABLE,
    )
    expectOneLine(run, 1, `rm5 ${command}: ${file(message)}`)
  })

  it('a file under a file, or a folder: what is wrong, exit 1', async () => {
    const under = file('logo.svg/x.pdf')
    expectOneLine(
      await rm5Here(['documents', 'add', 'circlek', under], UNREACHABLE),
      1,
      `rm5 documents add: ${under} does not exist: ${file('logo.svg')} is a file, not a folder.`,
    )
    expectOneLine(
      await rm5Here(['partners', 'set', 'circlek', '--logo', files], UNREACHABLE),
      1,
      `rm5 partners set: Cannot read ${files}: it is a folder; name a file.`,
    )
  })

  it('with the embedded database, none is started for a missing file', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rm5-no-embedded-'))
    try {
      const embedded = { DATABASE_URL: '', DATA_DIR: dataDir, S3_ENDPOINT: '' }
      const run = await rm5Here(['documents', 'add', 'circlek', file('missing.pdf')], embedded)
      expectOneLine(run, 1, `rm5 documents add: ${file('missing.pdf')} does not exist.`)
      // Nothing was started in DATA_DIR: no cluster, no claim (pg.json).
      expect(await readdir(dataDir)).toEqual([])
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('a logo that is not an image: the logo rule, exit 1', async () => {
    const run = await rm5Here(
      ['partners', 'add', 'acme', '--name', 'Acme', '--logo', file('not-a-logo.svg')],
      UNREACHABLE,
    )
    expectOneLine(run, 1, 'rm5 partners add: The logo must be a PNG, JPEG, WebP or SVG image.')
  })
})

describe('rm5 partners add --logo', () => {
  const partner = (slug: string) => db.prisma.partner.findUnique({ where: { slug } })

  it('adds no partner when the logo is refused; the same add with a good logo then works', async () => {
    const missing = await rm5('partners', 'add', 'acme', '--name', 'Acme', '--logo', file('nope.svg'))
    expect(await partner('acme')).toBeNull()
    expectOneLine(missing, 1, `rm5 partners add: ${file('nope.svg')} does not exist.`)
    const notImage = await rm5('partners', 'add', 'acme', '--name', 'Acme', '--logo', file('not-a-logo.svg'))
    expect(await partner('acme')).toBeNull()
    expectOneLine(notImage, 1, 'rm5 partners add: The logo must be a PNG, JPEG, WebP or SVG image.')
    expect(await db.prisma.auditEntry.count({ where: { target: 'acme' } })).toBe(0)

    const added = await rm5('partners', 'add', 'acme', '--name', 'Acme', '--logo', file('logo.svg'), '--json')
    expect(added.code, added.stderr).toBe(0)
    const row = await partner('acme')
    expect(row?.logoKey).toMatch(/^acme\/[0-9a-f]{16}\.svg$/)
    expect(JSON.parse(added.stdout)).toMatchObject({ slug: 'acme', logoKey: row?.logoKey })
    const audit = await db.prisma.auditEntry.findMany({ where: { target: 'acme' }, orderBy: { id: 'asc' } })
    expect(audit.map((entry) => entry.action)).toEqual(['partner.add', 'partner.logo'])
  }, 120_000)
})
