// The console's agreements page against the real app and Postgres: every version with who accepted
// it, each viewer named as `rm5 agreements list` names them (the proved e-mail, else the code's
// label, else "<partner> access code"), from the one reading both use; and an editor sets, replaces
// and clears one from the page, as `rm5 agreements set|clear` do, each a 303 and audited.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { printAgreements } from '../../scripts/cli/agreements/commands.ts'
import { cliActor } from '../../server/audit/audit.server.ts'
import { recordAcceptance } from '../../server/documents/acceptances.server.ts'
import { clearAgreement, setAgreement } from '../../server/documents/agreements.server.ts'
import { limitPrefix, seedCode } from '../helpers/access.ts'
import { post, postMultipart, refusedPage, type SignedIn, signIn } from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

let t: TestApp
let reader: SignedIn
let editor: SignedIn
const suffix = Math.random().toString(36).slice(2, 8)

beforeAll(async () => {
  t = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
  reader = await signIn(t, `agreements-${suffix}@example.com`, 'reader')
  editor = await signIn(t, `agreements-editor-${suffix}@example.com`, 'editor')
  const prisma = t.db.prisma
  const first = (await setAgreement(prisma, cliActor(), 'pizzahut', `# NDA ${suffix}\n\nFirst.`)).agreement
  const second = (await setAgreement(prisma, cliActor(), 'pizzahut', `# NDA ${suffix}\n\nSecond.`)).agreement
  const labelled = await seedCode(t.db, 'pizzahut', `AGREE-${suffix}-LABEL-0001`, { label: `Dana ${suffix}` })
  const bare = await seedCode(t.db, 'pizzahut', `AGREE-${suffix}-BARE-00001`)
  await recordAcceptance(prisma, first.id, { codeId: labelled, email: null, sessionId: randomUUID() }, 'hash')
  await recordAcceptance(prisma, second.id, { codeId: bare, email: null, sessionId: randomUUID() }, 'hash')
  await recordAcceptance(
    prisma,
    second.id,
    { codeId: labelled, email: `kim-${suffix}@pizzahut.example`, sessionId: randomUUID() },
    'hash',
  )
})
afterAll(async () => {
  await t?.close()
})

it('lists the versions and names each viewer as the CLI does', async () => {
  const page = await t.app.inject({
    url: '/admin/agreements?retailer=pizzahut',
    headers: { cookie: reader.cookie },
  })
  expect(page.statusCode).toBe(200)
  const lines: string[] = []
  await printAgreements(
    t.db.prisma,
    { print: (line = '') => lines.push(line), now: () => new Date() },
    { retailer: 'pizzahut', json: false },
  )
  const cli = lines.join('\n')
  for (const name of [`Dana ${suffix}`, 'Pizza Hut access code', `kim-${suffix}@pizzahut.example`]) {
    expect(cli).toContain(name)
    expect(page.body).toContain(name)
  }
  // Two versions of this gate: the newer in force, the older still listed with its acceptance.
  expect(page.body.match(/in force/g)).toHaveLength(1)
  expect(page.body).toContain('Who accepted which')
})

it('filters by gate', async () => {
  const page = await t.app.inject({
    url: '/admin/agreements?retailer=compass',
    headers: { cookie: reader.cookie },
  })
  expect(page.body).toContain('No agreement for Compass')
  expect(page.body).not.toContain(`Dana ${suffix}`)
})

it('records setting and clearing an agreement in the audit log, under who did it', async () => {
  const actor = { label: `legal-${suffix}@example.com`, clientHash: 'client-hash' }
  const set = await setAgreement(t.db.prisma, actor, 'circlek', `# Terms ${suffix}\n`)
  // The same text again changes nothing, and so records nothing.
  await setAgreement(t.db.prisma, actor, 'circlek', `# Terms ${suffix}\n`)
  const cleared = await clearAgreement(t.db.prisma, actor, 'circlek')
  const audit = await t.db.prisma.auditEntry.findMany({
    where: { actor: actor.label },
    orderBy: { id: 'asc' },
  })
  expect(audit.map((row) => [row.action, row.target, row.details, row.clientHash])).toEqual([
    ['agreement.set', 'circlek', expect.objectContaining({ version: set.agreement.version }), 'client-hash'],
    ['agreement.clear', 'circlek', { version: cleared?.version }, 'client-hash'],
  ])
})

it('an editor sets, replaces and clears an agreement from the page, each a 303 and audited', async () => {
  const headers = { cookie: editor.cookie }
  const upload = (text: string, fileName = 'nda.md') =>
    postMultipart(
      t,
      '/admin/agreements',
      { _csrf: editor.csrf, retailer: 'investor' },
      { fileName, bytes: Buffer.from(text) },
      headers,
    )
  const first = await upload(`# Investor NDA ${suffix}\n\nFirst.`)
  expect(first.statusCode).toBe(303)
  expect(first.headers.location).toMatch(/^\/admin\/agreements\?retailer=investor&done=set&version=\d+$/)
  const shown = await t.app.inject({ url: String(first.headers.location), headers })
  expect(shown.body).toMatch(/Version \d+ set: every viewer accepts it before their next document/)
  const replaced = await upload(`# Investor NDA ${suffix}\n\nSecond.`)
  expect(replaced.headers.location).toContain('done=set')
  const same = await upload(`# Investor NDA ${suffix}\n\nSecond.`)
  expect(same.headers.location).toContain('done=same')

  // The CLI's own check refuses what is not text.
  const empty = await refusedPage(t.app, await upload('   ', 'empty.md'), headers.cookie)
  expect(empty.statusCode).toBe(200)
  expect(empty.body).toContain('empty.md holds no text.')
  // The gate chosen stays chosen.
  expect(empty.body).toMatch(/<option value="investor" selected="">/)
  // A PDF whose bytes happen to be valid UTF-8 is still a PDF, not an agreement's text.
  const pdf = await refusedPage(
    t.app,
    await upload('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'nda.pdf'),
    headers.cookie,
  )
  expect(pdf.body).toContain('nda.pdf is a PDF, not Markdown: an agreement is text.')

  const cleared = await post(
    t,
    '/admin/agreements/clear',
    { _csrf: editor.csrf, retailer: 'investor' },
    headers,
  )
  expect(cleared.statusCode).toBe(303)
  expect(cleared.headers.location).toContain('done=cleared')
  const audit = await t.db.prisma.auditEntry.findMany({
    where: { actor: `agreements-editor-${suffix}@example.com`, target: 'investor' },
    orderBy: { id: 'asc' },
  })
  expect(audit.map((row) => row.action)).toEqual(['agreement.set', 'agreement.set', 'agreement.clear'])
})
