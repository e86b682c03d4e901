// Issue 35, points 2 and 3, against the CLI (run in this process, rm5-here.ts) and the real app over the production
// build (real Postgres, the embedded S3). An open gate's documents are stored only with --public
// and then say "Shared openly" on the docket, on the page and in the stamped file; a document
// limited to some of a partner's codes is neither listed nor opened for another code of that
// partner (the same 404 as a missing id); without download it is view-only: its page shows
// watermarked pictures of its pages and the file route refuses it (decision 060).
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/database.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { MARKDOWN_HAS_NO_FILE } from '../../server/documents/document-store.server.ts'
import { grantCookie, limitPrefix, seedCode, verify } from '../helpers/access.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { makePdf, pdfPageTexts } from '../helpers/documents.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { withoutRequestId } from '../helpers/request-id.ts'
import { rm5Here } from '../helpers/rm5-here.ts'

describe('rm5 documents add|replace: --public, --codes, --no-download', () => {
  let testDb: TestDatabase
  let db: Database
  let files: string
  const rm5 = (...args: string[]) => rm5Here(args, { ...testDb.env, NODE_ENV: 'test', S3_ENDPOINT: '' })
  const oneLine = (run: { stderr: string }) => run.stderr.trim().split('\n')

  beforeAll(async () => {
    testDb = await createTestDatabase()
    db = await openDatabase(testDb.env, silentLogger)
    files = testDb.env.DATA_DIR
    await writeFile(join(files, 'notes.md'), '# Notes\n\nFor the team.\n')
    await writeFile(join(files, 'deck.pdf'), await makePdf(2, 'deck'))
    await writeFile(join(files, 'deck-v2.pdf'), await makePdf(3, 'deck v2'))
  }, 60_000)
  afterAll(async () => {
    await db?.close()
    await testDb?.drop()
  })

  it('refuses a document for a gate without a code unless --public, and --public elsewhere', async () => {
    const refused = await rm5('documents', 'add', 'walmart', join(files, 'notes.md'))
    expect(refused.code).toBe(1)
    expect(oneLine(refused)).toHaveLength(1)
    expect(refused.stderr).toMatch(/Walmart's gate takes no code: .* Add --public/)
    expect(refused.stdout).toBe('')
    expect(await db.prisma.document.count({ where: { retailer: 'walmart' } })).toBe(0)

    const added = await rm5('documents', 'add', 'walmart', join(files, 'notes.md'), '--public', '--json')
    expect(added.code, added.stderr).toBe(0)
    expect(JSON.parse(added.stdout)).toMatchObject({ retailer: 'walmart', public: true, codeIds: [] })

    const misplaced = await rm5('documents', 'add', 'circlek', join(files, 'notes.md'), '--public')
    expect(misplaced.code).toBe(1)
    expect(oneLine(misplaced)).toHaveLength(1)
    expect(misplaced.stderr).toMatch(/--public is only for a partner whose gate takes none/)
  }, 120_000)

  it('limits a document to some codes and to inline viewing; replace keeps both unless told', async () => {
    const mine = await seedCode(db, 'circlek', `ck-${randomBytes(6).toString('hex')}`)
    const other = await seedCode(db, 'pizzahut', `ph-${randomBytes(6).toString('hex')}`)

    const wrong = await rm5('documents', 'add', 'circlek', join(files, 'deck.pdf'), '--codes', other)
    expect(wrong.code).toBe(1)
    expect(oneLine(wrong)).toHaveLength(1)
    expect(wrong.stderr).toContain(`Not a live code of Circle K: ${other}`)

    const added = await rm5(
      'documents',
      'add',
      'circlek',
      join(files, 'deck.pdf'),
      // A prefix of the id, as `rm5 codes revoke` takes one: the CLI finds the code it names.
      '--codes',
      mine.slice(0, 8),
      '--no-download',
      '--json',
    )
    expect(added.code, added.stderr).toBe(0)
    const doc = JSON.parse(added.stdout)
    expect(doc).toMatchObject({ codeIds: [mine], download: false, public: false })

    const kept = await rm5('documents', 'replace', doc.id, join(files, 'deck-v2.pdf'), '--json')
    expect(kept.code, kept.stderr).toBe(0)
    expect(JSON.parse(kept.stdout)).toMatchObject({ version: 2, codeIds: [mine], download: false })

    const widened = await rm5('documents', 'replace', doc.id, join(files, 'deck.pdf'), '--download')
    expect(widened.code, widened.stderr).toBe(0)
    expect(widened.stdout).toContain('for:      codes')
    expect(await db.prisma.document.findUnique({ where: { id: doc.id } })).toMatchObject({
      download: true,
      codeIds: [mine],
    })

    // Settings alone, as the console's settings form changes them: the same file and version.
    const nothing = await rm5('documents', 'set', doc.id)
    expect(nothing.code).toBe(2)
    expect(nothing.stderr).toContain('Say what to change')
    const set = await rm5('documents', 'set', doc.id, '--no-download', '--all-codes', '--json')
    expect(set.code, set.stderr).toBe(0)
    expect(JSON.parse(set.stdout)).toMatchObject({ version: 3, download: false, codeIds: [] })
    expect(await db.prisma.auditEntry.count({ where: { action: 'document.audience', target: doc.id } })).toBe(
      1,
    )
  }, 120_000)

  it('refuses a download setting for a Markdown document, which has no file, and changes nothing', async () => {
    const added = await rm5('documents', 'add', 'circlek', join(files, 'notes.md'), '--json')
    expect(added.code, added.stderr).toBe(0)
    const doc = JSON.parse(added.stdout)
    for (const flag of ['--download', '--no-download']) {
      const refused = await rm5('documents', 'set', doc.id, flag)
      expect([flag, refused.code]).toEqual([flag, 1])
      expect(oneLine(refused)).toHaveLength(1)
      expect(refused.stderr).toContain(MARKDOWN_HAS_NO_FILE)
    }
    expect(await db.prisma.auditEntry.count({ where: { action: 'document.audience', target: doc.id } })).toBe(
      0,
    )
    // Whom it is for still changes.
    const widened = await rm5('documents', 'set', doc.id, '--all-codes')
    expect(widened.code, widened.stderr).toBe(0)
    expect(widened.stdout).toContain('download: no file to download (Markdown is shown in the page)')
  }, 120_000)

  it('says in its help what --no-download does not stop', async () => {
    const help = await rm5('documents', 'add', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--codes <id,id>')
    expect(help.stdout).toContain('--public')
    expect(help.stdout).toMatch(/does not stop a determined one/)
    expect(help.stdout).toMatch(/carries the watermark naming them/)
  }, 60_000)
})

describe('what viewers get', () => {
  let t: ProductionTestApp
  let walmart: string
  let holder: string
  let otherHolder: string
  let openDoc: string
  let openPdf: string
  let limited: string
  const title = `Route plan ${randomBytes(3).toString('hex')}`

  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } })

  beforeAll(async () => {
    t = await createProductionTestApp({ access: { rateLimitPrefix: limitPrefix() } })
    const store = t.app.documents.store
    const codeA = await seedCode(t.db, 'circlek', 'circle-k-audience-a', { label: 'Dana Ops' })
    await seedCode(t.db, 'circlek', 'circle-k-audience-b', { label: 'Lee Finance' })
    holder = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-audience-a' }))
    otherHolder = grantCookie(await verify(t.app, { retailer: 'circlek', accessCode: 'circle-k-audience-b' }))
    walmart = grantCookie(await verify(t.app, { retailer: 'walmart' }))
    const pdf = Buffer.from(await makePdf(1, 'open deck'))
    openDoc = (
      await store.add({
        retailer: 'walmart',
        bytes: Buffer.from('# Store hours\n'),
        fileName: 'h.md',
        audience: { public: true },
      })
    ).id
    openPdf = (
      await store.add({ retailer: 'walmart', bytes: pdf, fileName: 'o.pdf', audience: { public: true } })
    ).id
    limited = (
      await store.add({
        retailer: 'circlek',
        bytes: Buffer.from(await makePdf(2, 'limited deck')),
        fileName: 'l.pdf',
        title,
        audience: { codeIds: [codeA], download: false },
      })
    ).id
  }, 300_000)
  afterAll(async () => {
    await t?.close()
  })

  it('an open gate’s documents say "Shared openly" on the docket, the page and in the stamp', async () => {
    const docket = await get('/docket', walmart)
    expect(docket.statusCode).toBe(200)
    expect(docket.body).toContain('Shared openly')
    expect(docket.body).not.toContain('Shared with your team only')
    const page = await get(`/docket/documents/${openDoc}`, walmart)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Shared openly · Walmart')
    expect(page.body).not.toContain('access code')
    const file = await get(`/docket/documents/${openPdf}/file`, walmart)
    expect(file.statusCode).toBe(200)
    const [text] = await pdfPageTexts(file.rawPayload)
    expect(text).toContain('Shared openly · Walmart')
    expect(text).not.toContain('access code')
  }, 120_000)

  it('a document for some codes: listed and opened for them, a 404 like a missing id for another', async () => {
    const listed = await get('/docket', holder)
    expect(listed.body).toContain(title)
    expect((await get(`/docket/documents/${limited}`, holder)).statusCode).toBe(200)

    const notListed = await get('/docket', otherHolder)
    expect(notListed.statusCode).toBe(200)
    expect(notListed.body).not.toContain(title)
    // The same answer but for the address itself (the 404 page names the path it was asked for).
    const missingId = randomBytes(16).toString('hex')
    const missing = await get(`/docket/documents/${missingId}`, otherHolder)
    const refused = await get(`/docket/documents/${limited}`, otherHolder)
    expect(refused.statusCode).toBe(404)
    expect(withoutRequestId(refused).replaceAll(limited, 'ID')).toBe(
      withoutRequestId(missing).replaceAll(missingId, 'ID'),
    )
    const missingFile = await get(`/docket/documents/${missingId}/file`, otherHolder)
    const refusedFile = await get(`/docket/documents/${limited}/file`, otherHolder)
    expect(refusedFile.statusCode).toBe(404)
    expect(withoutRequestId(refusedFile).replaceAll(limited, 'ID')).toBe(
      withoutRequestId(missingFile).replaceAll(missingId, 'ID'),
    )
  }, 120_000)

  it('without download: pictures of its pages, each watermarked, and the file refused inline or not', async () => {
    const page = await get(`/docket/documents/${limited}`, holder)
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('Open PDF')
    expect(page.body).not.toContain(`${limited}/file`)
    // The no-JavaScript page: an <img> per page, sized before it loads, lazy after the first.
    const images = [...page.body.matchAll(/<img [^>]*>/g)].map(([tag]) => tag)
    const pictures = images.filter((tag) => tag.includes(`/docket/documents/${limited}/pages/`))
    expect(pictures).toHaveLength(2)
    expect(pictures[1]).toContain(`src="/docket/documents/${limited}/pages/2"`)
    expect(pictures[1]).toContain('alt="Page 2 of 2"')
    expect(pictures[1]).toContain('loading="lazy"')
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(pictures[1] ?? '') ?? []

    for (const url of [`/docket/documents/${limited}/file`, `/docket/documents/${limited}/file?download=1`]) {
      const file = await get(url, holder)
      expect(file.statusCode, url).toBe(403)
      expect(file.headers['content-disposition']).toBeUndefined()
      expect(file.body).toContain('not downloaded')
    }

    const picture = await get(`/docket/documents/${limited}/pages/2`, holder)
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/webp')
    expect(picture.headers['cache-control']).toBe('private, no-store')
    expect(picture.rawPayload.subarray(0, 4).toString()).not.toBe('%PDF')
    const { data, info } = await sharp(picture.rawPayload)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([String(info.width), String(info.height)]).toEqual([width, height])
    // The page itself holds one line at its top; the watermark crosses its middle (decision 031).
    const middle = data.subarray(
      Math.floor(info.height * 0.4) * info.width,
      Math.floor(info.height * 0.6) * info.width,
    )
    expect(middle.filter((grey) => grey < 245).length).toBeGreaterThan(500)

    for (const missing of ['3', '0', '01', 'x']) {
      expect((await get(`/docket/documents/${limited}/pages/${missing}`, holder)).statusCode, missing).toBe(
        404,
      )
    }
    expect((await get(`/docket/documents/${limited}/pages/1`, otherHolder)).statusCode).toBe(404)
    // A document with download keeps its file, and has no pictures.
    expect((await get(`/docket/documents/${openPdf}/pages/1`, walmart)).statusCode).toBe(404)
  }, 120_000)
})
