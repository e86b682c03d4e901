// `rm5 admins` end to end against a real database (in this process, rm5-here.ts; the first `add`
// and the link's address, which reads the working directory's .env, as the real binary), then the
// printed link signing in to the real app; and the CLI's code changes recorded in the audit log
// as cli@<os user>, as the console's are under the admin's address.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAdmin, removeAdmin } from '../../server/admin/admins.server.ts'
import { limitPrefix } from '../helpers/access.ts'
import { openLink } from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { outputOf, runRm5 } from '../helpers/run-cli.ts'

let t: TestApp
const env = () => ({ DATABASE_URL: t.directUrl, DATA_DIR: t.env.DATA_DIR, SITE_URL: t.env.SITE_URL })
const rm5 = (args: string[]) => rm5Here(args, env())
const cli = `cli@${userInfo().username}`

beforeAll(async () => {
  t = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
})
afterAll(async () => {
  await t?.close()
})

describe('rm5 admins', () => {
  it('adds, lists, links (a link that signs in once) and removes, each step in the audit log', {
    timeout: 120_000,
  }, async () => {
    expect(
      outputOf(await runRm5(['admins', 'add', 'Ops@Example.com', '--role', 'owner'], env()), 'add'),
    ).toContain('Added ops@example.com as owner.')
    const again = await rm5(['admins', 'add', 'ops@example.com', '--role', 'reader'])
    expect([again.code, again.stderr.trim()]).toEqual([
      1,
      'rm5 admins add: ops@example.com is already an admin (owner): change their role with `rm5 admins set` or on the Admins page.',
    ])
    outputOf(await rm5(['admins', 'add', 'look@example.com', '--role', 'reader']), 'add reader')
    const listed = JSON.parse(outputOf(await rm5(['admins', 'list', '--json']), 'list'))
    expect(listed.map((row: { email: string; role: string }) => [row.email, row.role])).toEqual([
      ['look@example.com', 'reader'],
      ['ops@example.com', 'owner'],
    ])

    const link = outputOf(await rm5(['admins', 'link', 'ops@example.com']), 'link').trim()
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/admin\/sign-in\/link\?token=[A-Za-z0-9_-]{43}$/)
    const token = new URL(link).searchParams.get('token') ?? ''
    const signedIn = await openLink(t, token)
    expect([signedIn.statusCode, signedIn.headers.location]).toEqual([303, '/admin'])
    // Used once: a second use is refused (its page says so) and signs nobody in.
    const usedAgain = await openLink(t, token)
    expect([usedAgain.statusCode, usedAgain.headers.location, usedAgain.headers['set-cookie']]).toEqual([
      303,
      '/admin/sign-in/link',
      undefined,
    ])

    const unknown = await rm5(['admins', 'link', 'nobody@example.com'])
    expect(unknown.code).toBe(1)
    const lastOwner = await rm5(['admins', 'remove', 'ops@example.com'])
    expect([lastOwner.code, lastOwner.stderr]).toEqual([1, expect.stringContaining('is the last owner')])
    outputOf(await rm5(['admins', 'remove', 'look@example.com']), 'remove')

    // This test's own entries: the file's other tests write theirs into the same log, in any order.
    const mine = ['ops@example.com', 'look@example.com']
    const audit = await t.db.prisma.auditEntry.findMany({
      where: { OR: [{ target: { in: mine } }, { actor: { in: mine } }] },
      orderBy: { id: 'asc' },
    })
    expect(audit.map((row) => [row.actor, row.action, row.target])).toEqual([
      [cli, 'admin.add', 'ops@example.com'],
      [cli, 'admin.add', 'look@example.com'],
      [cli, 'admin.link', 'ops@example.com'],
      ['ops@example.com', 'session.sign-in', null],
      [cli, 'admin.remove', 'look@example.com'],
    ])
  })

  it('changes a role with `set`, audited', { timeout: 60_000 }, async () => {
    outputOf(await rm5(['admins', 'add', 'grow@example.com', '--role', 'reader']), 'add reader')
    expect(outputOf(await rm5(['admins', 'set', 'Grow@example.com', '--role', 'editor']), 'set')).toContain(
      'grow@example.com is now editor',
    )
    expect(outputOf(await rm5(['admins', 'set', 'grow@example.com', '--role', 'editor']), 'again')).toContain(
      'nothing changed',
    )
    expect(await t.db.prisma.admin.findUnique({ where: { email: 'grow@example.com' } })).toMatchObject({
      role: 'editor',
    })
    const audit = await t.db.prisma.auditEntry.findMany({
      where: { action: 'admin.role', target: 'grow@example.com' },
    })
    expect(audit.map((row) => [row.actor, row.details])).toEqual([[cli, { from: 'reader', to: 'editor' }]])
    const bad = await rm5(['admins', 'set', 'grow@example.com', '--role', 'god'])
    expect(bad.code).toBe(2)
    const nobody = await rm5(['admins', 'set', 'nobody@example.com', '--role', 'reader'])
    expect([nobody.code, nobody.stderr]).toEqual([1, expect.stringContaining('is not an admin')])
    // The file's first test lists every admin: this one leaves none behind.
    outputOf(await rm5(['admins', 'remove', 'grow@example.com']), 'remove')
  })

  it('refuses a bad role or address before opening anything (exit 2)', async () => {
    const role = await rm5(['admins', 'add', 'x@example.com', '--role', 'god'])
    expect([role.code, role.stderr]).toEqual([2, expect.stringContaining('Use one of owner, editor, reader')])
    // "viewer" names a data-room person only: the read-only role is "reader".
    const viewer = await rm5(['admins', 'set', 'x@example.com', '--role', 'viewer'])
    expect([viewer.code, viewer.stderr.trim()]).toEqual([
      2,
      `rm5 admins set: option '--role <role>' argument 'viewer' is invalid. Use one of owner, editor, reader; see "rm5 admins set --help"`,
    ])
    const address = await rm5(['admins', 'add', 'not-an-address', '--role', 'reader'])
    // Named as every other refusal is: the subcommand, and its own help.
    expect([address.code, address.stderr.trim()]).toEqual([
      2,
      `rm5 admins add: command-argument value 'not-an-address' is invalid for argument 'email'. Use an e-mail address, such as ops@example.com; see "rm5 admins add --help"`,
    ])
  })
})

describe('the printed link’s address', () => {
  let dirs: { dotenv: string; bare: string }
  beforeAll(async () => {
    await addAdmin(t.db.prisma, { label: 'cli@test' }, { email: 'where@example.com', role: 'reader' })
    dirs = {
      dotenv: await mkdtemp(join(tmpdir(), 'rm5-dotenv-')),
      bare: await mkdtemp(join(tmpdir(), 'rm5-no-dotenv-')),
    }
    await writeFile(join(dirs.dotenv, '.env'), 'SITE_URL=https://dotenv.rm5.example\nPORT=4999\n')
  })
  afterAll(async () => {
    // Gone again: the first test lists the admins.
    await removeAdmin(t.db.prisma, { label: 'cli@test' }, 'where@example.com')
    for (const dir of Object.values(dirs ?? {})) await rm(dir, { recursive: true, force: true })
  })

  /** The origin of `rm5 admins link` run in `cwd` with `env` (undefined: not in the environment). */
  const linkOrigin = async (env: Record<string, string | undefined>, cwd: string) => {
    const run = await runRm5(
      ['admins', 'link', 'where@example.com'],
      { DATABASE_URL: t.directUrl, DATA_DIR: t.env.DATA_DIR, HOST: undefined, PORT: undefined, ...env },
      undefined,
      cwd,
    )
    return new URL(outputOf(run, 'link').trim()).origin
  }

  it('is SITE_URL from the working directory’s .env, unless the environment sets it', {
    timeout: 60_000,
  }, async () => {
    expect(await linkOrigin({ SITE_URL: undefined }, dirs.dotenv)).toBe('https://dotenv.rm5.example')
    expect(await linkOrigin({ SITE_URL: 'https://env.rm5.example' }, dirs.dotenv)).toBe(
      'https://env.rm5.example',
    )
  })

  it('without SITE_URL, is where the server listens (PORT; a wildcard HOST as the loopback)', {
    timeout: 60_000,
  }, async () => {
    expect(await linkOrigin({ SITE_URL: undefined, PORT: '4101' }, dirs.bare)).toBe('http://127.0.0.1:4101')
    expect(await linkOrigin({ SITE_URL: undefined, PORT: '4101', HOST: '0.0.0.0' }, dirs.bare)).toBe(
      'http://127.0.0.1:4101',
    )
  })
})

describe('the CLI’s code changes', () => {
  it('are recorded as cli@<os user>', { timeout: 60_000 }, async () => {
    const generated = JSON.parse(
      outputOf(await rm5(['codes', 'generate', 'circlek', '--label', 'Dana', '--json']), 'generate'),
    )
    outputOf(await rm5(['codes', 'revoke', generated.id]), 'revoke')
    const audit = await t.db.prisma.auditEntry.findMany({
      where: { target: generated.id },
      orderBy: { id: 'asc' },
    })
    expect(audit.map((row) => [row.actor, row.action, row.clientHash])).toEqual([
      [cli, 'code.generate', null],
      [cli, 'code.revoke', null],
    ])
    // Never the code itself.
    expect(JSON.stringify(audit.map((row) => row.details))).not.toContain(generated.code)
  })
})
