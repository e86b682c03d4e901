// Whose acceptance of an agreement lets whom through (server/documents/acceptances.server.ts),
// against the production build and real Postgres, through the pages and the Accept form as a
// visitor meets them: without a proved e-mail an acceptance holds for the session that accepted
// (an open gate's next visitor, a code's other holder and a new session are asked); with one it
// follows the person to a new session. Acceptances outlive the sessions they name.
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sessionIdsIn } from '../../server/access/sessions.server.ts'
import { cliActor } from '../../server/audit/audit.server.ts'
import { agreementVersions } from '../../server/documents/agreement-listing.server.ts'
import { clearAgreement, setAgreement } from '../../server/documents/agreements.server.ts'
import { pruneOnce } from '../../server/retention/prune.server.ts'
import { grantCookie, limitPrefix, seedCode, testGrantCookie, verifyFresh } from '../helpers/access.ts'
import { productionAppForFile } from '../helpers/production-app.ts'

const t = productionAppForFile({ access: { rateLimitPrefix: limitPrefix(), codeCacheMs: 0 } })
const GATES = ['walmart', 'pizzahut', 'circlek'] as const
type Gate = (typeof GATES)[number]
/** A document of each gate's, as the path of its page. */
const documents = {} as Record<Gate, string>

beforeAll(async () => {
  for (const retailer of GATES) {
    const document = await t.app.documents.store.add({
      retailer,
      bytes: Buffer.from(`# Terms for ${retailer}\n\nText.\n`),
      fileName: 'terms.md',
      // An open gate's documents are shared openly, knowingly.
      audience: { public: retailer === 'walmart' },
    })
    documents[retailer] = `/docket/documents/${document.id}`
  }
}, 300_000)

afterEach(async () => {
  for (const retailer of GATES) await clearAgreement(t.db.prisma, cliActor(), retailer)
})

/** A new version of the gate's agreement (a text of its own), and the gate's document. */
async function agreementAndDocument(retailer: Gate) {
  const body = `# Confidentiality\n\nFor ${retailer} (${Math.random()}).\n`
  const { agreement } = await setAgreement(t.db.prisma, cliActor(), retailer, body)
  return { version: String(agreement.version), doc: documents[retailer] }
}

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } })

/** Whether the document's page sends this visitor to the agreement first. */
async function asked(doc: string, cookie: string): Promise<boolean> {
  const res = await get(doc, cookie)
  expect([200, 302], `GET ${doc}: ${res.statusCode}`).toContain(res.statusCode)
  if (res.statusCode === 302)
    expect(res.headers.location).toBe(`/docket/agreement?next=${encodeURIComponent(doc)}`)
  return res.statusCode === 302
}

/** The Accept button's form post, as a browser without JavaScript sends it. */
function accept(
  retailer: Gate,
  version: string,
  doc: string,
  cookie: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/documents/agreement',
    payload: new URLSearchParams({ retailer, version, next: doc }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie },
  })
}

/** A fresh session at the gate, opened as a visitor opens one (the button, or the code). */
async function visitor(retailer: Gate, accessCode?: string): Promise<string> {
  return grantCookie(await verifyFresh(t.app, { retailer, ...(accessCode ? { accessCode } : {}) }))
}

const sessionOf = (cookie: string) => sessionIdsIn(t.app.access.keys.cookie, cookie)[0]?.id

/** The acceptances of this version of the gate's agreement, in the order they were made. */
const acceptances = (retailer: Gate, version: string) =>
  t.db.prisma.agreementAcceptance.findMany({
    where: { agreement: { retailer, version: Number(version) } },
    orderBy: { id: 'asc' },
  })

describe('an acceptance without a proved e-mail holds for the session that accepted', () => {
  it('at an open gate, the next visitor is asked; the one who accepted is not asked again', async () => {
    const { version, doc } = await agreementAndDocument('walmart')
    const [ana, ben] = [await visitor('walmart'), await visitor('walmart')]
    expect(await asked(doc, ana)).toBe(true)
    const accepted = await accept('walmart', version, doc, ana)
    expect([accepted.statusCode, accepted.headers.location]).toEqual([303, doc])
    expect(await asked(doc, ana)).toBe(false)
    expect(await asked(doc, ana)).toBe(false)
    expect((await get('/docket/agreement', ana)).headers.location).toBe('/docket')

    expect(await asked(doc, ben)).toBe(true)
    const page = await get('/docket/agreement', ben)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('your acceptance is recorded with the time, for this visit only.')
    await accept('walmart', version, doc, ben)
    expect(await asked(doc, ben)).toBe(false)

    const rows = await acceptances('walmart', version)
    expect(rows.map((row) => [row.codeId, row.email, row.sessionId])).toEqual([
      [null, null, sessionOf(ana)],
      [null, null, sessionOf(ben)],
    ])
    // A new session of the same browser's visitor (after signing out, or the next day) accepts again.
    expect(await asked(doc, await visitor('walmart'))).toBe(true)
  })

  it('with a code that asks for no e-mail, each session accepts for itself', async () => {
    const code = 'pizza-hut-binding-01'
    const codeId = await seedCode(t.db, 'pizzahut', code, { label: 'Pat' })
    const { version, doc } = await agreementAndDocument('pizzahut')
    const [first, second] = [await visitor('pizzahut', code), await visitor('pizzahut', code)]
    await accept('pizzahut', version, doc, first)
    expect(await asked(doc, first)).toBe(false)
    expect(await asked(doc, second)).toBe(true)
    expect((await get('/docket/agreement', second)).body).toContain(
      'Your acceptance is recorded with your name and the time, for this visit only.',
    )
    await accept('pizzahut', version, doc, second)
    expect(await asked(doc, second)).toBe(false)
    expect(await asked(doc, first)).toBe(false)
    const rows = await acceptances('pizzahut', version)
    expect(rows.map((row) => [row.codeId, row.email, row.sessionId])).toEqual([
      [codeId, null, sessionOf(first)],
      [codeId, null, sessionOf(second)],
    ])
  })

  it('stays listed, with its session, once the session is pruned', async () => {
    const { version, doc } = await agreementAndDocument('walmart')
    const ana = await visitor('walmart')
    await accept('walmart', version, doc, ana)
    const session = sessionOf(ana)
    // Far enough ahead that retention deletes every session this test opened.
    const later = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000)
    const settings = {
      accessAttemptDays: 90,
      docketActivityDays: 90,
      notificationDays: 90,
      analyticsDays: 90,
    }
    expect((await pruneOnce(t.db.prisma, settings, later))?.accessSessions).toBeGreaterThan(0)
    expect(await t.db.prisma.accessSession.count({ where: { id: session } })).toBe(0)

    const listed = await agreementVersions(t.db.prisma, 'walmart')
    const current = listed.find((row) => row.version === Number(version))
    expect(current?.acceptances.map((row) => row.viewer)).toEqual(['Walmart open docket, no access code'])
    expect((await acceptances('walmart', version)).map((row) => row.sessionId)).toEqual([session])
  })
})

describe('an acceptance with a proved e-mail', () => {
  it('follows the person to a new session, and is theirs alone', async () => {
    const codeId = await seedCode(t.db, 'circlek', 'circle-k-binding-01', { label: 'Category team' })
    await t.db.prisma.accessCode.update({ where: { id: codeId }, data: { requireEmail: true } })
    const { version, doc } = await agreementAndDocument('circlek')
    const signedIn = (email: string) =>
      testGrantCookie(t.app, { retailer: 'circlek', codeId, issuedAt: new Date(), email })
    const dana = await signedIn('dana@circlek.com')
    expect(await asked(doc, dana)).toBe(true)
    expect((await get('/docket/agreement', dana)).body).toContain(
      'Your acceptance is recorded with your name and the time.',
    )
    await accept('circlek', version, doc, dana)

    expect(await asked(doc, await signedIn('dana@circlek.com'))).toBe(false)
    expect(await asked(doc, await signedIn('lee@circlek.com'))).toBe(true)
    const rows = await acceptances('circlek', version)
    // The session that accepted is kept as the record of the visit.
    expect(rows.map((row) => [row.codeId, row.email, row.sessionId])).toEqual([
      [codeId, 'dana@circlek.com', sessionOf(dana)],
    ])
  })
})
