// A document's audience and download settings in the console (decision 043), against the real app,
// Postgres and the embedded S3: at upload ("Share openly", the download choice) and later on the
// document page (the codes that see it, download), through the documents service the CLI's
// --public/--codes/--no-download use, audited. An upload to a gate that takes no code, not shared
// openly, is refused in the words of the CLI's refusal (one source), and nothing is stored.
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openGateWarning } from '../../lib/documents/audience.ts'
import { MARKDOWN_HAS_NO_FILE } from '../../server/documents/document-store.server.ts'
import { limitPrefix, seedCode } from '../helpers/access.ts'
import {
  freshMarkdown,
  multipartBody,
  post,
  postMultipart,
  refusedPage,
  type SignedIn,
  signIn,
} from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { makePdf } from '../helpers/documents.ts'

let t: TestApp
let editor: SignedIn
let watcher: SignedIn

beforeAll(async () => {
  t = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
  editor = await signIn(t, 'editor@example.com', 'editor')
  watcher = await signIn(t, 'watcher@example.com', 'reader')
})
afterAll(async () => {
  await t?.close()
})

const upload = (fields: Record<string, string>) =>
  postMultipart(t, '/admin/documents', { _csrf: editor.csrf, ...fields }, freshMarkdown(), {
    cookie: editor.cookie,
  })
const idIn = (location: unknown) =>
  /\/admin\/documents\/([0-9a-f]{32})\?done=added$/.exec(String(location))?.[1] ?? ''
/** A refused post's page, as the browser shows it after the 303. */
const refused = async (res: Promise<LightMyRequestResponse>) => refusedPage(t.app, await res, editor.cookie)
const page = (url: string, as: SignedIn = editor) => t.app.inject({ url, headers: { cookie: as.cookie } })
const settings = (id: string, form: string) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/documents/${id}/settings`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: editor.cookie },
    payload: `_csrf=${encodeURIComponent(editor.csrf)}&${form}`,
  })
/** As the page writes it (React escapes the apostrophe). */
const inHtml = (text: string) => text.replaceAll("'", '&#x27;')
const walmart = () => t.app.partners.get('walmart') as NonNullable<ReturnType<typeof t.app.partners.get>>

describe('at upload', () => {
  it('the form says what sharing on a gate that takes no code means, in the CLI’s words', async () => {
    const res = await page('/admin/documents')
    expect(res.body).toContain(inHtml(openGateWarning(walmart())))
    expect(res.body).toContain('Share openly')
    expect(res.body).toContain('name="download"')
  })

  it('refuses a gate that takes no code unless shared openly, and stores nothing', async () => {
    const before = await t.db.prisma.document.count()
    const res = await refused(upload({ retailer: 'walmart', title: 'Open deck' }))
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('There is a problem')
    expect(res.body).toContain('href="#upload-public"')
    expect(res.body).toContain(inHtml(openGateWarning(walmart())))
    expect(await t.db.prisma.document.count()).toBe(before)

    const shared = await upload({ retailer: 'walmart', title: 'Open deck', public: 'on' })
    expect(shared.statusCode).toBe(303)
    expect(await t.app.documents.store.find(idIn(shared.headers.location))).toMatchObject({
      public: true,
      download: true,
    })
  })

  it('limits a new document to the ticked codes of its partner, as `--codes` does', async () => {
    const [one, two, elsewhere] = await Promise.all([
      seedCode(t.db, 'circlek', 'circle-k-upload-codes-1', { label: 'Buyer' }),
      seedCode(t.db, 'circlek', 'circle-k-upload-codes-2', { label: 'Finance' }),
      seedCode(t.db, 'pizzahut', 'pizza-hut-upload-codes-1', { label: 'Pizza buyer' }),
    ])
    const form = await page('/admin/documents')
    expect(form.body).toContain('Only the codes ticked below')
    expect(form.body).toContain(`value="${one}"`)
    // Boxes are fields sent once each, in the form's order (the CSRF token first).
    const uploadWith = (fields: [string, string][]) => {
      const body = multipartBody(
        [['_csrf', editor.csrf], ['retailer', 'circlek'], ...fields],
        freshMarkdown(),
      )
      return t.app.inject({
        method: 'POST',
        url: '/admin/documents',
        headers: { 'content-type': body.contentType, cookie: editor.cookie },
        payload: body.payload,
      })
    }
    const limited = await uploadWith([
      ['title', 'For one code'],
      ['who', 'some'],
      ['codes', one],
    ])
    expect(limited.statusCode).toBe(303)
    expect(await t.app.documents.store.find(idIn(limited.headers.location))).toMatchObject({ codeIds: [one] })
    const both = await uploadWith([
      ['who', 'some'],
      ['codes', one],
      ['codes', two],
    ])
    const stored = await t.app.documents.store.find(idIn(both.headers.location))
    expect([...(stored?.codeIds ?? [])].sort()).toEqual([one, two].sort())
    // Boxes ticked but "every code" chosen: every code it is.
    const every = await uploadWith([
      ['who', 'all'],
      ['codes', one],
    ])
    expect(await t.app.documents.store.find(idIn(every.headers.location))).toMatchObject({ codeIds: [] })

    const before = await t.db.prisma.document.count()
    const none = await refused(uploadWith([['who', 'some']]))
    expect(none.statusCode).toBe(200)
    expect(none.body).toContain('href="#upload-codes"')
    expect(none.body).toContain('Tick the codes of Circle K that see it, or choose every code.')
    const foreign = await refused(
      uploadWith([
        ['who', 'some'],
        ['codes', elsewhere],
      ]),
    )
    expect(foreign.statusCode).toBe(200)
    expect(foreign.body).toContain(elsewhere)
    expect(await t.db.prisma.document.count()).toBe(before)
  })

  it('stores a document shown in the page only when asked', async () => {
    const res = await upload({ retailer: 'circlek', title: 'Inline only', download: 'no' })
    expect(res.statusCode).toBe(303)
    expect(await t.app.documents.store.find(idIn(res.headers.location))).toMatchObject({
      public: false,
      codeIds: [],
      download: false,
    })
  })
})

describe('on the document page', () => {
  it('limits a document to some codes, audited; download is a PDF’s choice; none ticked is every code again', async () => {
    const team = await seedCode(t.db, 'circlek', 'circle-k-audience-1', { label: 'Category team' })
    const other = await seedCode(t.db, 'circlek', 'circle-k-audience-2', { label: 'Finance' })
    const id = idIn((await upload({ retailer: 'circlek', title: 'Limited' })).headers.location)
    const form = await page(`/admin/documents/${id}`)
    expect(form.body).toContain(`value="${team}"`)
    expect(form.body).toContain(`value="${other}"`)
    // A Markdown document is shown in the page whatever is stored: no choice that changes nothing.
    expect(form.body).toContain('Shown in the page: a Markdown document has no file to download.')
    expect(form.body).not.toContain('id="settings-download')

    // A download setting posted anyway is the service's refusal, and changes nothing.
    const markdownDownload = await refused(settings(id, `codes=${team}&download=no`))
    expect(markdownDownload.body).toContain(MARKDOWN_HAS_NO_FILE)
    expect((await t.app.documents.store.find(id))?.codeIds).toEqual([])

    const res = await settings(id, `codes=${team}&codes=${other}`)
    expect([res.statusCode, res.headers.location]).toEqual([303, `/admin/documents/${id}?done=settings`])
    const stored = await t.app.documents.store.find(id)
    expect([...(stored?.codeIds ?? [])].sort()).toEqual([team, other].sort())
    expect(stored?.version).toBe(1)
    const entry = await t.db.prisma.auditEntry.findFirst({
      where: { action: 'document.audience', target: id },
    })
    expect(entry).toMatchObject({
      actor: 'editor@example.com',
      details: { retailer: 'circlek', public: false },
    })
    const after = await page(`/admin/documents/${id}?done=settings`)
    expect(after.body).toContain('Settings saved')
    const ticked = (code: string) =>
      new RegExp(`<input[^>]*checked=""[^>]*value="${code}"|<input[^>]*value="${code}"[^>]*checked=""`)
    expect(after.body).toMatch(ticked(team))
    expect(after.body).toMatch(ticked(other))

    await settings(id, '')
    expect(await t.app.documents.store.find(id)).toMatchObject({ codeIds: [] })

    // A PDF offers the download choice, and turns it off and on.
    const pdf = idIn(
      (
        await postMultipart(
          t,
          '/admin/documents',
          { _csrf: editor.csrf, retailer: 'circlek', title: 'Limited PDF' },
          { fileName: 'limited.pdf', bytes: await makePdf(1, 'limited') },
          { cookie: editor.cookie },
        )
      ).headers.location,
    )
    expect((await page(`/admin/documents/${pdf}`)).body).toContain('id="settings-download')
    await settings(pdf, 'download=no')
    expect(await t.app.documents.store.find(pdf)).toMatchObject({ download: false })
    await settings(pdf, 'download=yes')
    expect(await t.app.documents.store.find(pdf)).toMatchObject({ download: true })
  })

  it('refuses a code of another partner with the service’s sentence, and changes nothing', async () => {
    const foreign = await seedCode(t.db, 'investor', 'investor-audience-1')
    const id = idIn((await upload({ retailer: 'circlek', title: 'Guarded' })).headers.location)
    const res = await refused(settings(id, `codes=${foreign}`))
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('href="#settings-codes"')
    expect(res.body).toContain(`Not a live code of Circle K: ${foreign}`)
    const malformed = await refused(settings(id, 'codes=not-a-code'))
    expect(malformed.statusCode).toBe(200)
    expect(malformed.body).toContain('Choose codes from the list.')
    expect((await t.app.documents.store.find(id))?.codeIds).toEqual([])
  })

  it('shows a reader the settings as a sentence, without the form', async () => {
    const id = idIn((await upload({ retailer: 'circlek', title: 'Read only' })).headers.location)
    const res = await page(`/admin/documents/${id}`, watcher)
    expect(res.body).toContain('Every code of the partner sees it.')
    expect(res.body).not.toContain(`action="/admin/documents/${id}/settings"`)
    const refused = await post(
      t,
      `/admin/documents/${id}/settings`,
      { _csrf: watcher.csrf },
      { cookie: watcher.cookie },
    )
    expect((await refusedPage(t.app, refused, watcher.cookie)).statusCode).toBe(403)
  })
})
