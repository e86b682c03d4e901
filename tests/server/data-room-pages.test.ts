// The data room as a viewer meets it, against the production build, real Postgres and the S3
// stand-in: /docket lists the grant's documents (and a new one within seconds), a document's page
// opens for its retailer's grant only (every other case answers like a missing document), PDFs
// come stamped with the viewer's watermark (read back with PDF.js) and in byte ranges, and the
// retailer's agreement is accepted with a plain form before the first document.
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cliActor } from '../../server/audit/audit.server.ts'
import { clearAgreement, setAgreement } from '../../server/documents/agreements.server.ts'
import type { DocumentSummary } from '../../server/documents/document-store.server.ts'
import { DocumentStore } from '../../server/documents/document-store.server.ts'
import { grantCookie, limitPrefix, seedCode, testGrantCookie, verify } from '../helpers/access.ts'
import { makePdf, pdfPageTexts } from '../helpers/documents.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { withoutRequestId } from '../helpers/request-id.ts'
import { expectLinkedSiteCss } from '../helpers/site-stylesheet.ts'

const CIRCLEK = 'circle-k-room-01'
const CIRCLEK_REVOKED = 'circle-k-room-02'
const PIZZAHUT = 'pizza-hut-room-01'
let t: ProductionTestApp
/** Grant cookies by holder: Circle K's viewer, a Circle K code revoked after use, Pizza Hut, Walmart. */
const grants = {} as Record<'circlek' | 'revoked' | 'pizzahut' | 'walmart', string>
let markdown: DocumentSummary
let pdf: DocumentSummary
let removed: DocumentSummary
let pizzaDoc: DocumentSummary
const today = new Date().toISOString().slice(0, 10)
const WATERMARK = `Dana at Circle K · Circle K · ${today}`

beforeAll(async () => {
  t = await createProductionTestApp({
    pages: { privatePageTtlMs: 300 },
    // Code states are read again at every request: a revocation counts at once.
    access: { rateLimitPrefix: limitPrefix(), codeCacheMs: 0 },
  })
  await seedCode(t.db, 'circlek', CIRCLEK, { label: 'Dana at Circle K' })
  const revokedId = await seedCode(t.db, 'circlek', CIRCLEK_REVOKED, { label: 'Old code' })
  await seedCode(t.db, 'pizzahut', PIZZAHUT, { label: 'Pat' })
  grants.circlek = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: CIRCLEK }))
  grants.revoked = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: CIRCLEK_REVOKED }))
  grants.pizzahut = grantCookie(await verify(t.app, { retailer: 'pizzahut', accessCode: PIZZAHUT }))
  grants.walmart = grantCookie(await verify(t.app, { retailer: 'walmart' }))
  await t.db.prisma.accessCode.update({ where: { id: revokedId }, data: { revokedAt: new Date() } })
  const store = t.app.documents.store
  markdown = await store.add({
    retailer: 'circlek',
    bytes: Buffer.from('# Rollout plan\n\nPhase one <script>alert(1)</script> starts in **March**.\n'),
    fileName: 'rollout.md',
    title: 'Rollout plan',
  })
  pdf = await store.add({
    retailer: 'circlek',
    bytes: await makePdf(2, 'Deck'),
    fileName: 'deck.pdf',
    title: 'Q3 deck',
  })
  removed = await store.add({ retailer: 'circlek', bytes: Buffer.from('# Old\n'), fileName: 'old.md' })
  await store.remove(removed.id)
  pizzaDoc = await store.add({
    retailer: 'pizzahut',
    bytes: Buffer.from('# Menu terms\n\nText.\n'),
    fileName: 'menu.md',
  })
}, 300_000)

afterAll(async () => {
  await t?.close()
})

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } })
const page = (id: string) => `/docket/documents/${id}`

describe('/docket', () => {
  it('lists the documents of the grant that opened it, each linking to its page', async () => {
    const res = await get('/docket', grants.circlek)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('id="docket-documents-title"')
    expect(res.body).toContain('Rollout plan')
    expect(res.body).toContain(`href="${page(markdown.id)}"`)
    expect(res.body).toContain('Q3 deck')
    expect(res.body).toContain('2 pages')
    expect(res.body).toContain('1 min read')
    expect(res.body).not.toContain(removed.id)
    expect(res.body).not.toContain(pizzaDoc.id)
    // The docket's own content follows.
    expect(res.body).toContain('Meet the')
  })

  it('leads a grant of the partner with a proposal to it, and no other grant', async () => {
    const link = '<a class="button button--accent docket-proposal__open" href="/circlek/proposal">'
    const circlek = (await get('/docket', grants.circlek)).body
    expect(circlek).toContain(link)
    expect(circlek).toContain('Confidential · Circle K')
    for (const other of [grants.pizzahut, grants.walmart]) {
      const body = (await get('/docket', other)).body
      expect(body).toContain('Meet the')
      expect(body).not.toContain('/circlek/proposal')
    }
    // Held with another partner's grant, the docket still leads to it.
    expect((await get('/docket', `${grants.pizzahut}; ${grants.circlek}`)).body).toContain(link)
  })

  it('shows nothing of the data room to a retailer without documents', async () => {
    const res = await get('/docket', grants.walmart)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('id="docket-documents-title"')
  })

  it('shows a document added by another process within seconds', async () => {
    expect((await get('/docket', grants.circlek)).body).not.toContain('Pricing sheet')
    // The CLI's store: the same database and bucket, another object.
    const cli = new DocumentStore(t.db.prisma, t.storage, { maxBytes: 1024 * 1024, region: 'us-east-1' })
    const added = await cli.add({
      retailer: 'circlek',
      bytes: Buffer.from('# Pricing\n'),
      fileName: 'p.md',
      title: 'Pricing sheet',
    })
    await vi.waitFor(
      async () => expect((await get('/docket', grants.circlek)).body).toContain(page(added.id)),
      {
        timeout: 5_000,
        interval: 100,
      },
    )
  })
})

describe('a document page', () => {
  it('renders Markdown on the server, escaped, under the viewer’s watermark', async () => {
    const res = await get(page(markdown.id), grants.circlek)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toContain('<strong>March</strong>')
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(res.body).not.toContain('<script>alert(1)')
    expect(res.body).toContain(`data-watermark="${WATERMARK}"`)
    expect(res.body).toContain('class="watermark__line"')
    expect(res.body).toContain('Viewing as <strong>Dana at Circle K</strong>')
    expect(res.body).toContain('<title>Rollout plan — RM5</title>')
    expect(res.body).toContain('noindex')
  })

  it('names its viewer as they came in: a person by name or e-mail, else the partner’s code', async () => {
    const codeId = await seedCode(t.db, 'circlek', 'circle-k-room-03')
    const unnamed = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-room-03' }))
    const line = (body: string) => /<li>(Viewing [^<]*<strong>[^<]*<\/strong>[^<]*)<\/li>/.exec(body)?.[1]
    expect(line((await get(page(markdown.id), unnamed)).body)).toBe(
      'Viewing with a <strong>Circle K</strong> access code',
    )
    const proved = await testGrantCookie(t.app, {
      retailer: 'circlek',
      codeId,
      email: 'dana@circlek.example',
      issuedAt: new Date(),
    })
    expect(line((await get(page(markdown.id), proved)).body)).toBe(
      'Viewing as <strong>dana@circlek.example</strong>',
    )
  })

  it('links the site’s stylesheet, kept by the browser, instead of repeating it in every view', async () => {
    const markdownPage = await get(page(markdown.id), grants.circlek)
    const pdfPage = await get(page(pdf.id), grants.circlek)
    expect(await expectLinkedSiteCss(get, pdfPage.body)).toBe(
      await expectLinkedSiteCss(get, markdownPage.body),
    )
  })

  it('records the opening for its viewer', async () => {
    await get(page(markdown.id), grants.circlek)
    await t.app.documents.engagement.flush()
    const views = await t.db.prisma.documentView.findMany({ where: { documentId: markdown.id, page: 0 } })
    expect(views.reduce((sum, view) => sum + view.opens, 0)).toBeGreaterThanOrEqual(1)
    expect(views[0]).toMatchObject({ retailer: 'circlek', version: 1, email: null })
    expect(views[0]?.codeId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('shows a PDF in the PDF pane island, with the browser’s viewer for pages without scripting, and allows only that object', async () => {
    const res = await get(page(pdf.id), grants.circlek)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`data-pdf-pane=""`)
    expect(res.body).toContain(`data-document-id="${pdf.id}"`)
    expect(res.body).toContain('data-pages="2"')
    expect(res.body).toContain('data-island="pdf-pane"')
    expect(res.body).toMatch(
      new RegExp(
        `<noscript><object class="pdf-pane__object" data="${page(pdf.id)}/file" type="application/pdf"`,
      ),
    )
    expect(res.headers['content-security-policy']).toContain("object-src 'self'")
    expect(res.headers['content-security-policy']).toContain("frame-src 'self'")
  })

  it('answers every other case exactly as a missing document: the site’s 404, or the docket’s when signed in', async () => {
    const missing = 'f'.repeat(32)
    const reference = await get(page(missing))
    expect(reference.statusCode).toBe(404)
    // Signed in: the same 404 in the data room's design, whichever grants (decision 045).
    const signedIn = await get(page(missing), grants.walmart)
    expect(signedIn.statusCode).toBe(404)
    expect(signedIn.body).toContain('This document is not available')
    expect(signedIn.body).toContain('Sign out')
    expect(reference.body).not.toContain('This document is not available')
    const referenceFor = (cookie: string | undefined) =>
      cookie === undefined || cookie === grants.revoked ? reference : signedIn
    const all = [undefined, grants.pizzahut, grants.walmart, grants.revoked, grants.circlek]
    for (const cookie of all) {
      const res = await get(page(missing), cookie)
      expect(res.statusCode).toBe(404)
      expect(withoutRequestId(res)).toBe(withoutRequestId(referenceFor(cookie)))
    }
    // The right document, the wrong grants: the same answer as for an id nobody holds.
    const answer = (res: LightMyRequestResponse, id: string) => ({
      status: res.statusCode,
      body: withoutRequestId(res).replaceAll(id, '<id>'),
    })
    for (const cookie of [undefined, grants.pizzahut, grants.walmart, grants.revoked]) {
      const expected = answer(referenceFor(cookie), missing)
      expect(answer(await get(page(markdown.id), cookie), markdown.id)).toEqual(expected)
      expect(answer(await get(page(pdf.id), cookie), pdf.id)).toEqual(expected)
    }
    expect(answer(await get(page(removed.id), grants.circlek), removed.id)).toEqual(answer(signedIn, missing))
    // Malformed ids: whatever the router answers (a redirect of a path it normalizes, or the 404),
    // the grant changes nothing but the 404's design.
    for (const garbage of ['xyz', 'F'.repeat(32), `${markdown.id}0`, '%2e%2e', markdown.id.toUpperCase()]) {
      const withGrant = await get(page(garbage), grants.circlek)
      const without = await get(page(garbage))
      expect([404, 301]).toContain(withGrant.statusCode)
      expect(withGrant.statusCode).toBe(without.statusCode)
      expect(withGrant.headers.location).toBe(without.headers.location)
      if (without.statusCode === 404) {
        expect(without.body).not.toContain('This document is not available')
        expect(withGrant.body).toContain('This document is not available')
      } else {
        expect(withGrant.body).toBe(without.body)
      }
    }
  })
})

describe('a PDF’s bytes', () => {
  const file = (id: string) => `${page(id)}/file`

  it('come stamped with the viewer’s watermark on every page, never cached by others', async () => {
    const res = await get(file(pdf.id), grants.circlek)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Q3 deck.pdf"; filename*=UTF-8''Q3%20deck.pdf`,
    )
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    // Only this origin's document pages may show it in their <object>.
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'")
    const texts = await pdfPageTexts(res.rawPayload)
    expect(texts).toHaveLength(2)
    for (const [index, text] of texts.entries()) {
      expect(text).toContain(`Page ${index + 1} of Deck`)
      expect(text).toContain(WATERMARK)
    }
  })

  it('name whoever came in as the page does: a code without a label is the partner’s, an open gate’s reader its docket', async () => {
    await seedCode(t.db, 'circlek', 'circle-k-room-04')
    const unnamed = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-room-04' }))
    const coded = `Circle K access code · Circle K · ${today}`
    for (const text of await pdfPageTexts((await get(file(pdf.id), unnamed)).rawPayload))
      expect(text).toContain(coded)
    expect((await get(page(markdown.id), unnamed)).body).toContain(`data-watermark="${coded}"`)

    // An open gate's documents stored before documents had an audience: not public (the
    // migration's default), so the stamp names the reader, who showed no code.
    const store = t.app.documents.store
    const added = [
      await store.add({
        retailer: 'walmart',
        bytes: await makePdf(1, 'Hours'),
        fileName: 'h.pdf',
        audience: { public: true },
      }),
      await store.add({
        retailer: 'walmart',
        bytes: Buffer.from('# Hours\n'),
        fileName: 'h.md',
        audience: { public: true },
      }),
    ]
    try {
      const [openPdf, openMarkdown] = added.map((doc) => doc.id) as [string, string]
      await t.db.prisma.document.updateMany({
        where: { id: { in: [openPdf, openMarkdown] } },
        data: { public: false },
      })
      const open = `Walmart open docket, no access code · Walmart · ${today}`
      const [text] = await pdfPageTexts((await get(file(openPdf), grants.walmart)).rawPayload)
      expect(text).toContain(open)
      expect(text).not.toContain('Walmart access code')
      const shown = await get(page(openMarkdown), grants.walmart)
      expect(shown.body).toContain(`data-watermark="${open}"`)
      expect(shown.body).not.toContain('Walmart access code')
    } finally {
      for (const doc of added) await store.remove(doc.id)
    }
  })

  it('answer byte ranges of the stamped file (206) and refuse one beyond it (416)', async () => {
    const whole = (await get(file(pdf.id), grants.circlek)).rawPayload
    const part = await get(file(pdf.id), grants.circlek, { range: 'bytes=100-199' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.length}`)
    expect(Buffer.compare(part.rawPayload, whole.subarray(100, 200))).toBe(0)
    const tail = await get(file(pdf.id), grants.circlek, { range: 'bytes=-50' })
    expect(Buffer.compare(tail.rawPayload, whole.subarray(whole.length - 50))).toBe(0)
    const head = await t.app.inject({
      method: 'HEAD',
      url: file(pdf.id),
      headers: { cookie: grants.circlek },
    })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(whole.length))
    expect(head.rawPayload.length).toBe(0)
    const beyond = await get(file(pdf.id), grants.circlek, { range: `bytes=${whole.length}-` })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`)
  })

  it('answer like an unknown path for every other grant, id or kind', async () => {
    const unknown = await get(file('f'.repeat(32)), grants.circlek)
    expect(unknown.statusCode).toBe(404)
    const same = (res: LightMyRequestResponse, id: string) => {
      expect(res.statusCode).toBe(404)
      expect(withoutRequestId(res).replaceAll(id, 'f'.repeat(32))).toBe(withoutRequestId(unknown))
    }
    for (const cookie of [undefined, grants.pizzahut, grants.walmart, grants.revoked])
      same(await get(file(pdf.id), cookie), pdf.id)
    same(await get(file(markdown.id), grants.circlek), markdown.id)
    same(await get(file(removed.id), grants.circlek), removed.id)
  })
})

// Each test sets Pizza Hut's agreement it needs and clears it after, so the other tests (and these,
// in any order) see Pizza Hut's document without one; versions are read, never assumed.
describe('the agreement', () => {
  afterEach(() => clearAgreement(t.db.prisma, cliActor(), 'pizzahut'))
  const setPizzaHut = async (body: string) =>
    String((await setAgreement(t.db.prisma, cliActor(), 'pizzahut', body)).agreement.version)
  const form = (fields: Record<string, string>, cookie?: string, accept = 'text/html') =>
    t.app.inject({
      method: 'POST',
      url: '/api/documents/agreement',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept, ...(cookie ? { cookie } : {}) },
    })

  it('comes before the first document, is accepted with a form, and asks again for a new version', async () => {
    const version = await setPizzaHut('# Confidentiality\n\nKeep the *menu* to yourself.\n')
    const doc = page(pizzaDoc.id)
    const redirected = await get(doc, grants.pizzahut)
    expect(redirected.statusCode).toBe(302)
    const location = `/docket/agreement?next=${encodeURIComponent(doc)}`
    expect(redirected.headers.location).toBe(location)

    const agreement = await get(location, grants.pizzahut)
    expect(agreement.statusCode).toBe(200)
    expect(agreement.body).toContain('Keep the <em>menu</em> to yourself.')
    expect(agreement.body).toContain('action="/api/documents/agreement"')
    expect(agreement.body).toContain(`name="next" value="${doc}"`)
    expect(agreement.body).toContain('Accepting as <strong>Pat</strong>')
    expect(agreement.body).toContain(
      'Your acceptance is recorded with your name and the time, for this visit only.',
    )
    await expectLinkedSiteCss(get, agreement.body)

    const accepted = await form({ retailer: 'pizzahut', version, next: doc }, grants.pizzahut)
    expect(accepted.statusCode).toBe(303)
    expect(accepted.headers.location).toBe(doc)
    const ofThisVersion = { where: { agreement: { retailer: 'pizzahut', version: Number(version) } } }
    const rows = await t.db.prisma.agreementAcceptance.findMany(ofThisVersion)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.ipHash).toMatch(/^[0-9a-f]{16,}$/)
    expect((await get(doc, grants.pizzahut)).statusCode).toBe(200)
    // Accepting again records nothing more; the agreement page now sends the viewer on.
    await form({ retailer: 'pizzahut', version, next: doc }, grants.pizzahut)
    expect(await t.db.prisma.agreementAcceptance.count(ofThisVersion)).toBe(1)
    expect((await get(location, grants.pizzahut)).headers.location).toBe(doc)

    const next = await setPizzaHut('# Confidentiality\n\nVersion two.\n')
    expect((await get(doc, grants.pizzahut)).headers.location).toBe(location)
    // A post of the version read before the change shows the new one instead of accepting it.
    const stale = await form({ retailer: 'pizzahut', version, next: doc }, grants.pizzahut)
    expect(stale.statusCode).toBe(303)
    expect(stale.headers.location).toBe(location)
    const json = await form(
      { retailer: 'pizzahut', version: next, next: doc },
      grants.pizzahut,
      'application/json',
    )
    expect(json.json()).toEqual({ accepted: true, version: Number(next), next: doc })
    expect((await get(doc, grants.pizzahut)).statusCode).toBe(200)
  })

  it('for a code without a label, says the acceptance is recorded with the code, not a name', async () => {
    await setPizzaHut('# Confidentiality\n\nFor Pizza Hut teams.\n')
    await seedCode(t.db, 'pizzahut', 'pizza-hut-room-02')
    const unnamed = grantCookie(
      await verify(t.app, { retailer: 'pizzahut', accessCode: 'pizza-hut-room-02' }),
    )
    const agreement = await get('/docket/agreement', unnamed)
    expect(agreement.statusCode).toBe(200)
    expect(agreement.body).toContain('Accepting with a <strong>Pizza Hut</strong> access code')
    expect(agreement.body).toContain(
      'Your acceptance is recorded with your Pizza Hut access code and the time, for this visit only.',
    )
    expect(agreement.body).not.toContain('your name')
  })

  it('at a gate that takes no code, says so instead of naming a code', async () => {
    try {
      await setAgreement(t.db.prisma, cliActor(), 'walmart', '# Confidentiality\n\nFor Walmart teams.\n')
      const agreement = await get('/docket/agreement', grants.walmart)
      expect(agreement.statusCode).toBe(200)
      expect(agreement.body).toContain(
        'Accepting through the <strong>Walmart</strong> docket, no access code needed',
      )
      expect(agreement.body).not.toContain('access code</strong>')
      expect(agreement.body).toContain(
        'The Walmart docket asks for no access code or name: your acceptance is recorded with the time, for this visit only.',
      )
      expect(agreement.body).not.toContain('your name')
    } finally {
      await clearAgreement(t.db.prisma, cliActor(), 'walmart')
    }
  })

  it('sends the viewer only to a document page, and needs the retailer’s grant', async () => {
    const version = await setPizzaHut('# Confidentiality\n\nVersion three.\n')
    for (const next of [
      'https://evil.example/',
      '//evil.example',
      '/docket/agreement',
      `${page(pizzaDoc.id)}?x=1`,
    ]) {
      const res = await form({ retailer: 'pizzahut', version, next }, grants.pizzahut)
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toBe('/docket')
    }
    // Without the retailer's grant (another's, or a session that ended while the page was open)
    // the form goes to the retailer's gate, which says the viewer is signed out; JSON gets 403.
    for (const cookie of [grants.circlek, undefined]) {
      const res = await form({ retailer: 'pizzahut', version }, cookie)
      expect([res.statusCode, res.headers.location]).toEqual([303, '/pizzahut?notice=signed-out'])
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/documents/agreement',
      headers: { 'content-type': 'application/json' },
      payload: { retailer: 'pizzahut', version },
    })
    expect(json.statusCode).toBe(403)
    expect((await form({ retailer: 'nope', version }, grants.pizzahut)).statusCode).toBe(400)
    expect((await get('/docket/agreement', undefined)).statusCode).toBe(404)
  })
})
