// `rm5 codes … --require-email [--allow-domain …]` and `rm5 codes require-email`: the options are
// checked before the database is opened, stored as the gate reads them, and shown by `list`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDomain } from '../../server/access/email-domains.server.ts'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { parseEnv } from '../../server/env.server.ts'
import { cliDatabaseForFile, codesHere } from '../helpers/codes-cli.ts'
import { type EnvValues, setEnvironment } from '../helpers/environment.ts'

const testDb = cliDatabaseForFile()
let db: Database
// The in-process CLI reads the environment: mail is configured for this file (nothing is sent).
const MAIL = {
  SMTP_URL: 'smtp://127.0.0.1:2525',
  NOTIFY_EMAIL_FROM: 'docket@rm5.example',
  NOTIFY_EMAIL_TO: 'ops@rm5.example',
}
let savedMail: EnvValues = {}

beforeAll(async () => {
  db = await openDatabase(parseEnv({ NODE_ENV: 'test', ...testDb.env }), silentLogger)
  savedMail = setEnvironment(MAIL)
})
afterAll(async () => {
  setEnvironment(savedMail)
  await db?.close()
})

const row = (id: string) =>
  db.prisma.accessCode.findUniqueOrThrow({
    where: { id },
    select: { requireEmail: true, allowDomains: true },
  })

describe('domains', () => {
  it.each([
    ['circlek.com', 'circlek.com'],
    [' CircleK.COM. ', 'circlek.com'],
    ['eu.circlek.com', 'eu.circlek.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('takes %s as %s', (given, stored) => expect(parseDomain(given)).toBe(stored))

  it.each([['@circlek.com'], ['ana@circlek.com'], ['circlek'], ['-bad.com'], ['a..com'], ['10.0.0.1'], ['']])(
    'refuses %j',
    (given) => expect(parseDomain(given)).toBeNull(),
  )
})

describe('generate and set', () => {
  it('store the requirement and the domains (repeated and comma lists), shown once added', async () => {
    const run = await codesHere([
      'generate',
      'circlek',
      '--require-email',
      '--allow-domain',
      'CircleK.com',
      '--allow-domain',
      'couche-tard.com, circlek.com',
      '--json',
    ])
    expect(run.code).toBe(0)
    const created = JSON.parse(run.stdout)
    expect(created).toMatchObject({ requireEmail: true, allowDomains: ['circlek.com', 'couche-tard.com'] })
    expect(await row(created.id)).toEqual({
      requireEmail: true,
      allowDomains: ['circlek.com', 'couche-tard.com'],
    })

    const set = await codesHere(['set', 'pizzahut', '--code', 'pizza-hut-known-2026', '--require-email'])
    expect(set.code).toBe(0)
    expect(set.stdout).toContain('e-mail:   required (any domain); a one-time link is sent')
  })

  it('list shows whether an e-mail is required and the domains', async () => {
    // Codes of its own, found by id: the other tests' codes may or may not be listed too.
    const added = async (args: string[]) =>
      JSON.parse((await codesHere([...args, '--json'])).stdout).id as string
    const domains = await added([
      'generate',
      'circlek',
      '--require-email',
      '--allow-domain',
      'circlek.com,couche-tard.com',
    ])
    const anyDomain = await added(['set', 'pizzahut', '--code', 'pizza-hut-listed-2026', '--require-email'])
    const plain = await added(['generate', 'compass', '--label', 'plain'])
    const run = await codesHere(['list'])
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toMatch(/USES {2}E-MAIL$/)
    const lineOf = (id: string) => lines.find((line) => line.startsWith(id))
    expect(lineOf(domains)).toMatch(/circlek\.com, couche-tard\.com$/)
    expect(lineOf(anyDomain)).toMatch(/any domain$/)
    expect(lineOf(plain)).toMatch(/ no$/)
  })

  it.each([
    [['generate', 'circlek', '--allow-domain', 'circlek.com'], /--allow-domain needs --require-email/],
    [
      ['generate', 'circlek', '--require-email', '--allow-domain', 'ana@circlek.com'],
      /"ana@circlek\.com" is not a domain/,
    ],
    [['require-email', 'abcdef12', '--off', '--allow-domain', 'circlek.com'], /--off and --allow-domain/],
  ])('usage errors exit 2: %j', async (args, message) => {
    const run = await codesHere(args)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
  })
})

describe('with mail but no notification inbox', () => {
  it('generate --require-email stores the requirement: SMTP_URL and NOTIFY_EMAIL_FROM send links', async () => {
    const run = await codesHere(['generate', 'circlek', '--require-email', '--json'], {
      NOTIFY_EMAIL_TO: undefined,
    })
    expect(run.code, run.stderr).toBe(0)
    const { id } = JSON.parse(run.stdout) as { id: string }
    expect((await row(id)).requireEmail).toBe(true)
  })
})

describe('without mail configured', () => {
  it.each([
    [['generate', 'circlek', '--require-email']],
    [['set', 'circlek', '--code', 'Vq7r-T9xL-m2pZ-k4wB', '--require-email']],
    [['require-email', 'abcdef12']],
  ])('%j exits 2 saying how to configure mail, and stores nothing', async (args) => {
    const before = await db.prisma.accessCode.count()
    const run = await codesHere(args, {
      SMTP_URL: undefined,
      NOTIFY_EMAIL_FROM: undefined,
      NOTIFY_EMAIL_TO: undefined,
    })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      /A code that requires an e-mail needs mail.*set SMTP_URL .* and NOTIFY_EMAIL_FROM for the server/,
    )
    expect(await db.prisma.accessCode.count()).toBe(before)
  })

  it('in production without SITE_URL, exits 2 naming it: a mailed link could only point at this machine', async () => {
    // The listener's defaults (127.0.0.1:3000) name the origin.
    const run = await codesHere(['require-email', 'abcdef12'], {
      NODE_ENV: 'production',
      SITE_URL: undefined,
      HOST: undefined,
      PORT: undefined,
    })
    expect([run.code, run.stdout]).toEqual([2, ''])
    expect(run.stderr).toMatch(
      /A code that requires an e-mail needs mail.*SITE_URL is not set.*http:\/\/127\.0\.0\.1:3000/,
    )
  })

  it("refuses an open gate's code the same way it refuses any code for it (exit 1)", async () => {
    const run = await codesHere(['generate', 'walmart', '--require-email'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Walmart's gate takes no code/)
  })
})

describe('require-email', () => {
  it('turns the step on with domains, replaces them, and off again', async () => {
    const created = JSON.parse((await codesHere(['generate', 'partner', '--json'])).stdout)
    const on = await codesHere(['require-email', created.id.slice(0, 8), '--allow-domain', 'partner.example'])
    expect(on.code).toBe(0)
    expect(on.stdout).toContain('now asks for a work e-mail (partner.example)')
    expect(await row(created.id)).toEqual({ requireEmail: true, allowDomains: ['partner.example'] })

    const any = await codesHere(['require-email', created.id, '--json'])
    expect(JSON.parse(any.stdout)).toEqual({ id: created.id, requireEmail: true, allowDomains: [] })

    const off = await codesHere(['require-email', created.id, '--off'])
    expect(off.code).toBe(0)
    expect(off.stdout).toContain('no longer asks for an e-mail')
    expect(await row(created.id)).toEqual({ requireEmail: false, allowDomains: [] })
  })

  it('exits 1 for an unknown code', async () => {
    const run = await codesHere(['require-email', '00000000-0000-4000-8000-000000000000'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/no access code with id/)
  })

  it('has help', async () => {
    const run = await codesHere(['require-email', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Usage: rm5 codes require-email /)
  })
})
