// The defaults docs/configuration.md, SECURITY.md and docs/operations.md promise, for a server
// started with none of these variables set; and the page bound as a stored document meets it.
import { PDFDocument } from '@cantoo/pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../server/env.server.ts'
import { retentionSettings } from '../../server/retention/prune.server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

/** docs/configuration.md: `DOCUMENT_MAX_PAGES` defaults to 1000. */
const DOCUMENT_MAX_PAGES = 1_000

describe('documented defaults', () => {
  const env = parseEnv({})

  it('a stored PDF may have 1,000 pages (configuration.md, SECURITY.md)', () => {
    expect(env.DOCUMENT_MAX_PAGES).toBe(DOCUMENT_MAX_PAGES)
  })

  it('keeps access attempts 90 days, docket and document activity a year, finished notifications 30 days, raw page views 90 days (SECURITY.md "Retention", issue 47)', () => {
    expect(retentionSettings(env)).toEqual({
      accessAttemptDays: 90,
      docketActivityDays: 365,
      notificationDays: 30,
      analyticsDays: 90,
    })
  })
})

describe('a server started without DOCUMENT_MAX_PAGES', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('refuses a PDF of 1,001 pages, naming the limit of 1,000', async () => {
    const pdf = await PDFDocument.create()
    for (let n = 0; n <= DOCUMENT_MAX_PAGES; n++) pdf.addPage([100, 100])
    const bytes = await pdf.save()
    await expect(
      t.app.documents.store.add({ retailer: 'circlek', bytes, fileName: 'long.pdf' }),
    ).rejects.toThrow('long.pdf has more than 1000 pages; the limit is 1000 (DOCUMENT_MAX_PAGES).')
    expect(await t.db.prisma.document.count()).toBe(0)
  })
})
