// Partners are data (decision 035), end to end on a real production build: `rm5 partners add`
// (the real CLI process) makes /kroger a gate on the running server without a restart (the other
// commands run in this process, rm5-here.ts, each through its own database connection); a new
// partner's code opens a docket with its documents only and Circle K's grant sees none of them;
// the six original gates are seeded with their names and behaviour; slugs are checked; `set` and
// `remove` take effect on the running server too. Each test adds the partner it needs, so the
// tests pass in any order (vitest --sequence.shuffle).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantCookie, limitPrefix, seedCode, verifyFresh } from '../helpers/access.ts'
import { randomIp } from '../helpers/form-bodies.ts'
import { until } from '../helpers/notification-receivers.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { runRm5 } from '../helpers/run-cli.ts'

/** The acceptance criterion: a new partner's gate within 10 s, without a restart. */
const LIVE_WITHIN_MS = 10_000

let t: ProductionTestApp
const env = () => ({ DATABASE_URL: t.directUrl, DATA_DIR: t.env.DATA_DIR, S3_ENDPOINT: '' })
const rm5 = (...args: string[]) => rm5Here(args, env())
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
/**
 * A poll of a gate that may not exist yet, each time from a new client address: polling one
 * address would spend the unknown-path limit (a 404 counts) and read its 429 as "no gate yet".
 */
const poll = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() })
/** Waits for what the running server should show without a restart, as long as it is promised. */
const live = (what: string, check: () => Promise<boolean>) => until(what, check, LIVE_WITHIN_MS)
const answers = (path: string, status: number) =>
  live(`${path} answers ${status}`, async () => (await poll(path)).statusCode === status)

beforeAll(async () => {
  t = await createProductionTestApp({ access: { rateLimitPrefix: limitPrefix() } })
}, 300_000)
afterAll(async () => {
  await t?.close()
})

/** The slugs this file adds; every other partner is one the migration seeded. */
const ADDED_HERE = new Set(['kroger', 'meijer', 'safeway', 'wegmans'])

/** `rm5 partners add <slug> --name <name>`, once its gate answers on the running server. */
async function addPartner(slug: string, name: string): Promise<void> {
  const run = await rm5('partners', 'add', slug, '--name', name)
  expect(run.code, run.stderr).toBe(0)
  await answers(`/${slug}`, 200)
}

/** A document stored for `retailer`, as the data room stores one; its id. */
async function addDocument(retailer: string, title: string): Promise<string> {
  const bytes = Buffer.from(`# ${title}\n\nFor the team.\n`)
  return (await t.app.documents.store.add({ retailer, bytes, fileName: 'notes.md', title })).id
}

/** The grant cookie a visitor gets for `accessCode` at `retailer`'s gate. */
const grantOf = async (retailer: string, accessCode: string) =>
  grantCookie(await verifyFresh(t.app, { retailer, accessCode }))

describe('the original gates', () => {
  it('are seeded by the migration with their names, themes and behaviour (walmart open)', async () => {
    const run = await rm5('partners', 'list', '--json')
    expect(run.code, run.stderr).toBe(0)
    const rows = JSON.parse(run.stdout) as { slug: string; name: string; open: boolean; monogram: string }[]
    // Whatever this file's other tests have added meanwhile is theirs, not the migration's.
    const seeded = rows.filter((row) => !ADDED_HERE.has(row.slug))
    expect(seeded.map((row) => [row.slug, row.name, row.open, row.monogram])).toEqual([
      ['circlek', 'Circle K', false, 'CK'],
      ['pizzahut', 'Pizza Hut', false, 'PH'],
      ['walmart', 'Walmart', true, 'W'],
      ['compass', 'Compass', false, 'C'],
      ['partner', 'Partners', false, 'P'],
      ['investor', 'Investors', false, 'I'],
    ])
    const walmart = await get('/walmart')
    expect(walmart.statusCode).toBe(200)
    expect(walmart.body).toContain('no access code needed')
    expect(walmart.body).not.toContain('name="accessCode"')
    const circlek = await get('/circlek')
    expect(circlek.body).toContain('name="accessCode"')
    expect(circlek.body).toContain('--gate-tint:#ff6b2c')
  }, 60_000)
})

// Each test adds a partner of its own, so that any order of them tells the same story.
describe('a partner added from the CLI', () => {
  it('has its gate on the running server within seconds, no restart', async () => {
    expect((await get('/kroger')).statusCode).toBe(404)
    const run = await runRm5(
      [
        'partners',
        'add',
        'kroger',
        '--name',
        'Kroger',
        '--tint',
        '#1f6feb',
        '--monogram',
        'KR',
        '--audience',
        'Grocery',
      ],
      env(),
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Added Kroger at /kroger')
    await answers('/kroger', 200)
    const gate = await get('/kroger')
    expect(gate.body).toContain('<span class="gate__name">Kroger</span>')
    expect(gate.body).toContain('Grocery')
    expect(gate.body).toContain('--gate-tint:#1f6feb')
    expect(gate.body).toContain('name="accessCode"')
    expect(gate.body).toMatch(/<meta name="robots" content="noindex/)
    // robots.txt names no partner, the new one included.
    expect((await get('/robots.txt')).body).not.toMatch(/kroger|circlek/)
  }, 60_000)

  it("opens a docket with the new partner's documents only; Circle K's grant sees none of them", async () => {
    await addPartner('meijer', 'Meijer')
    await seedCode(t.db, 'meijer', 'meijer-partners-code-1')
    await seedCode(t.db, 'circlek', 'circlek-partners-code-1')
    const meijerDoc = await addDocument('meijer', 'Meijer pricing')
    const circlekDoc = await addDocument('circlek', 'Circle K rollout')
    const meijer = await grantOf('meijer', 'meijer-partners-code-1')
    const circlek = await grantOf('circlek', 'circlek-partners-code-1')
    const meijerDocket = await get('/docket', meijer)
    expect(meijerDocket.statusCode).toBe(200)
    expect(meijerDocket.body).toContain('Documents for Meijer')
    expect(meijerDocket.body).toContain('Meijer pricing')
    expect(meijerDocket.body).not.toContain('Circle K rollout')
    const circlekDocket = await get('/docket', circlek)
    expect(circlekDocket.body).toContain('Circle K rollout')
    expect(circlekDocket.body).not.toContain('Meijer pricing')
    expect((await get(`/docket/documents/${meijerDoc}`, circlek)).statusCode).toBe(404)
    expect((await get(`/docket/documents/${circlekDoc}`, meijer)).statusCode).toBe(404)
    // A Circle K grant copied under Meijer's cookie name opens nothing.
    const copied = `meijer-access=${circlek.split('=')[1]}`
    expect((await get('/docket', copied)).statusCode).toBe(302)
  }, 120_000)

  it('takes a change of name on the running server within seconds', async () => {
    await addPartner('safeway', 'Safeway')
    const run = await rm5('partners', 'set', 'safeway', '--name', 'Safeway Inc.')
    expect(run.code, run.stderr).toBe(0)
    await live('the gate shows the new name', async () =>
      (await get('/safeway')).body.includes('<span class="gate__name">Safeway Inc.</span>'),
    )
  }, 120_000)

  it('is removed only with --force while it has codes or documents; then its gate and grants end', async () => {
    await addPartner('wegmans', 'Wegmans')
    await seedCode(t.db, 'wegmans', 'wegmans-partners-code-1')
    const wegmansDoc = await addDocument('wegmans', 'Wegmans pricing')
    const wegmans = await grantOf('wegmans', 'wegmans-partners-code-1')
    expect((await get('/docket', wegmans)).statusCode).toBe(200)
    const refused = await rm5('partners', 'remove', 'wegmans')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/1 live code\(s\) and 1 document\(s\).*--force/)
    const removed = await rm5('partners', 'remove', 'wegmans', '--force')
    expect(removed.code, removed.stderr).toBe(0)
    expect(removed.stdout).toContain('Revoked 1 code(s) and hid 1 document(s).')
    await answers('/wegmans', 404)
    await live(
      'the Wegmans grant opens nothing',
      async () => (await get('/docket', wegmans)).statusCode === 302,
    )
    // Nothing is deleted: the document and the partner stay on record.
    expect(await t.db.prisma.document.findUnique({ where: { id: wegmansDoc } })).toMatchObject({
      retailer: 'wegmans',
    })
    expect((await rm5('partners', 'list', '--all', '--json')).stdout).toContain('"slug":"wegmans"')
  }, 120_000)
})

describe('slugs', () => {
  // A slug's shape is a usage error (exit 2), checked before anything connects; a slug taken
  // already is known only to the database (exit 1).
  it.each([
    ['api', /path the site already serves or reserves/, 2],
    ['docket', /path the site already serves or reserves/, 2],
    ['admin', /path the site already serves or reserves/, 2],
    ['apply', /path the site already serves or reserves/, 2],
    ['Kroger', /not a usable slug: use 2–32 lowercase/, 2],
    ['k', /not a usable slug/, 2],
    ['a'.repeat(33), /not a usable slug/, 2],
    ['kroger-', /not a usable slug/, 2],
    ['circlek', /exists already/, 1],
  ])(
    'refuses %s with one clear line (exit %i)',
    async (slug, message, code) => {
      const run = await rm5('partners', 'add', slug, '--name', 'Someone')
      expect(run.code).toBe(code)
      expect(run.stdout).toBe('')
      expect(run.stderr.trim().split('\n')).toHaveLength(1)
      expect(run.stderr).toMatch(message)
    },
    60_000,
  )

  it('lists the partners command in the CLI help', async () => {
    const run = await rm5('--help')
    expect(run.stdout).toMatch(/partners\s+Partners and their gates/)
  }, 60_000)
})
