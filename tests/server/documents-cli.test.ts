// `rm5 documents` and `rm5 agreements` end to end against a real database and the S3 stand-in (the
// embedded store in a temporary DATA_DIR, started by each command): the commands run in this
// process (rm5-here.ts), and the first `add` as the real binary, a process of its own.
import { randomUUID } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertCode } from '../../server/access/codes.server.ts'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { recordAcceptance } from '../../server/documents/acceptances.server.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { makePdf } from '../helpers/documents.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { runRm5 } from '../helpers/run-cli.ts'

let testDb: TestDatabase
let db: Database
let files: string

const env = () => ({ ...testDb.env, NODE_ENV: 'test', S3_ENDPOINT: '', DOCUMENT_MAX_BYTES: '65536' })
const rm5 = (...args: string[]) => rm5Here(args, env())

beforeAll(async () => {
  testDb = await createTestDatabase()
  db = await openDatabase(testDb.env, silentLogger)
  files = testDb.env.DATA_DIR
  await writeFile(join(files, 'deck.pdf'), await makePdf(3, 'deck'))
  await writeFile(join(files, 'deck-v2.pdf'), await makePdf(4, 'deck v2'))
  await writeFile(join(files, 'notes.md'), '# Notes\n\nSeven words of notes for the team.\n')
  await writeFile(join(files, 'setup.pdf'), Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]))
  await writeFile(join(files, 'huge.md'), 'x'.repeat(70_000))
  await writeFile(join(files, 'nda.md'), '# Mutual NDA\n\nEverything here is confidential.\n')
  await writeFile(join(files, 'nda-v2.md'), '# Mutual NDA, v2\n\nStill confidential.\n')
}, 60_000)

afterAll(async () => {
  await db?.close()
  await testDb?.drop()
})

describe('rm5 documents', () => {
  it('has help for every command', async () => {
    for (const args of [[], ['add'], ['list'], ['replace'], ['set'], ['remove'], ['activity']]) {
      const res = await rm5('documents', ...args, '--help')
      expect(res.code, args.join(' ')).toBe(0)
      expect(res.stdout).toMatch(/^Usage: rm5 documents/)
    }
  }, 300_000)

  it('adds, lists, replaces and removes, with exit statuses 0, 1 and 2', async () => {
    const added = await runRm5(
      ['documents', 'add', 'circlek', join(files, 'deck.pdf'), '--title', 'Q3 deck', '--notify', '--json'],
      env(),
    )
    expect(added.code, added.stderr).toBe(0)
    const doc = JSON.parse(added.stdout)
    expect(doc).toMatchObject({
      retailer: 'circlek',
      title: 'Q3 deck',
      kind: 'pdf',
      pages: 3,
      version: 1,
      notify: true,
    })

    const md = await rm5('documents', 'add', 'pizzahut', join(files, 'notes.md'))
    expect(md.code, md.stderr).toBe(0)
    expect(md.stdout).toContain('Added a document for Pizza Hut (/pizzahut).')
    expect(md.stdout).toMatch(/title: {4}notes\n/)
    expect(md.stdout).toContain('Markdown, 1 min read')

    const listed = await rm5('documents', 'list', '--retailer', 'circlek', '--json')
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout).map((d: { id: string }) => d.id)).toEqual([doc.id])
    const table = await rm5('documents', 'list')
    expect(table.stdout).toMatch(/^ID\s+RETAILER\s+TITLE\s+KIND\s+EXTENT/)
    expect(table.stdout).toContain('3 pages')
    expect(table.stdout).toContain('2 document(s)')

    const replaced = await rm5('documents', 'replace', doc.id, join(files, 'deck-v2.pdf'))
    expect(replaced.code, replaced.stderr).toBe(0)
    expect(replaced.stdout).toContain('version 1 and older stay stored')
    expect(replaced.stdout).toMatch(/version: {2}2\n/)
    expect(replaced.stdout).toContain('4 pages')

    const kind = await rm5('documents', 'replace', doc.id, join(files, 'notes.md'))
    expect(kind.code).toBe(1)
    expect(kind.stderr).toMatch(/^rm5 documents replace: .*same kind/)

    const removed = await rm5('documents', 'remove', doc.id)
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain('viewers no longer see it')
    expect(JSON.parse((await rm5('documents', 'list', '--retailer', 'circlek', '--json')).stdout)).toEqual([])
    const all = await rm5('documents', 'list', '--all', '--retailer', 'circlek', '--json')
    expect(JSON.parse(all.stdout)[0]).toMatchObject({ id: doc.id, version: 2 })
    expect(await db.prisma.documentVersion.count({ where: { documentId: doc.id } })).toBe(2)
    // The audit log records each change with the shell's user, as the console's are with the admin.
    const audit = await db.prisma.auditEntry.findMany({ where: { target: doc.id }, orderBy: { at: 'asc' } })
    expect(audit.map((entry) => entry.action)).toEqual([
      'document.add',
      'document.replace',
      'document.remove',
    ])
    expect(audit.every((entry) => entry.actor.startsWith('cli@'))).toBe(true)

    // Backups cover the documents bucket, every version.
    const backup = await rm5('media', 'backup', join(files, 'backup'))
    expect(backup.code, backup.stderr).toBe(0)
    for (const version of await db.prisma.documentVersion.findMany({ where: { documentId: doc.id } })) {
      const copy = await readFile(join(files, 'backup', 'documents', ...version.objectKey.split('/')))
      expect(copy.length).toBe(version.size)
    }
    expect((await rm5('media', 'upload', files, '--bucket', 'documents')).code).toBe(2)

    const missing = await rm5('documents', 'remove', 'a'.repeat(32))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain(`No document ${'a'.repeat(32)}`)
  }, 300_000)

  it('refuses a program renamed .pdf, a file over DOCUMENT_MAX_BYTES and bad arguments, storing nothing', async () => {
    const before = await db.prisma.document.count()
    const exe = await rm5('documents', 'add', 'circlek', join(files, 'setup.pdf'))
    expect(exe.code).toBe(1)
    expect(exe.stderr).toBe(
      'rm5 documents add: setup.pdf is named .pdf but its content is not a PDF: it looks like a Windows program (MZ).\n',
    )
    const huge = await rm5('documents', 'add', 'circlek', join(files, 'huge.md'))
    expect(huge.code).toBe(1)
    expect(huge.stderr).toContain('the limit is 65536 bytes (DOCUMENT_MAX_BYTES)')
    const absent = await rm5('documents', 'add', 'circlek', join(files, 'absent.pdf'))
    expect(absent.code).toBe(1)
    expect(absent.stderr).toContain('does not exist')
    // A partner the database does not know (exit 1, naming the list), and no slug at all (exit 2).
    const unknown = await rm5('documents', 'add', 'kroger', join(files, 'deck.pdf'))
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('Unknown partner "kroger" (see `rm5 partners list`)')
    expect((await rm5('documents', 'add', 'Kroger!', join(files, 'deck.pdf'))).code).toBe(2)
    expect((await rm5('documents', 'list', '--jsn')).stderr).toContain('--json')
    // A title is checked with the other arguments, as the store would check it: a usage error.
    const untitled = await rm5('documents', 'add', 'circlek', join(files, 'deck.pdf'), '--title', '  ')
    expect([untitled.code, untitled.stderr]).toEqual([
      2,
      `rm5 documents add: option '--title <text>' argument '  ' is invalid. The title is empty; see "rm5 documents add --help"\n`,
    ])
    expect(await db.prisma.document.count()).toBe(before)
  }, 300_000)
})

describe('rm5 agreements', () => {
  it('sets versions, lists acceptances and clears', async () => {
    const set = await rm5('agreements', 'set', 'circlek', join(files, 'nda.md'))
    expect(set.code, set.stderr).toBe(0)
    expect(set.stdout).toContain('version 1')
    const same = await rm5('agreements', 'set', 'circlek', join(files, 'nda.md'))
    expect(same.stdout).toContain('nothing changed')
    const first = await db.prisma.agreement.findFirstOrThrow({ where: { retailer: 'circlek' } })
    await recordAcceptance(
      db.prisma,
      first.id,
      { codeId: null, email: 'dana@circlek.com', sessionId: randomUUID() },
      'h',
    )
    // A code that asks for no e-mail: the viewer is named by the code's label, as the page named them.
    const { id: opsCode } = await insertCode(db.prisma, {
      retailer: 'circlek',
      codeHash: 'x',
      label: 'Dana Ops',
    })
    await recordAcceptance(
      db.prisma,
      first.id,
      { codeId: opsCode, email: null, sessionId: randomUUID() },
      'h',
    )
    expect((await rm5('agreements', 'set', 'circlek', join(files, 'nda-v2.md'))).stdout).toContain(
      'version 2',
    )

    const list = await rm5('agreements', 'list', '--json')
    expect(list.code).toBe(0)
    const rows = JSON.parse(list.stdout)
    expect(rows.map((r: { version: number }) => r.version)).toEqual([2, 1])
    expect(rows[1].acceptances).toEqual([
      { codeId: null, email: 'dana@circlek.com', acceptedAt: expect.any(String) },
      { codeId: opsCode, email: null, acceptedAt: expect.any(String) },
    ])
    const table = await rm5('agreements', 'list')
    expect(table.stdout).toContain('dana@circlek.com')
    expect(table.stdout).toMatch(new RegExp(`Dana Ops\\s+${opsCode}`))
    expect(table.stdout).toContain('2 agreement version(s), 2 acceptance(s)')

    const cleared = await rm5('agreements', 'clear', 'circlek')
    expect(cleared.code).toBe(0)
    expect(cleared.stdout).toContain('Cleared version 2')
    expect((await rm5('agreements', 'clear', 'circlek')).stdout).toContain('nothing to clear')
    const binary = await rm5('agreements', 'set', 'circlek', join(files, 'setup.pdf'))
    expect(binary.code).toBe(1)
    expect(binary.stderr).toContain(
      'setup.pdf is a Windows program (MZ), not Markdown: an agreement is text.',
    )
    for (const args of [[], ['set'], ['clear'], ['list']]) {
      expect((await rm5('agreements', ...args, '--help')).code).toBe(0)
    }
  }, 300_000)
})
