// The console's overview against real Postgres: each figure per UTC day over the last 30 days,
// the documents read most, and what needs attention; and the page that shows them (charts with
// their numbers in a table) for a reader.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { overview } from '../../server/admin/overview.server.ts'
import { limitPrefix, seedCode } from '../helpers/access.ts'
import { signIn } from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

const now = new Date('2026-11-27T15:00:00Z')
const day = (offset: number, hour = 12) => new Date(Date.UTC(2026, 10, 27 + offset, hour))
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ access: { rateLimitPrefix: limitPrefix(), now: () => now } })
  const prisma = t.db.prisma
  const code = await seedCode(t.db, 'circlek', 'overview-code-1234-ABCD')
  await prisma.docketView.createMany({
    data: [
      { retailer: 'circlek', codeId: code, page: '/docket', ipHash: 'a', count: 3, createdAt: day(0, 1) },
      { retailer: 'circlek', codeId: code, page: '/docket', ipHash: 'b', count: 2, createdAt: day(0, 23) },
      { retailer: 'circlek', codeId: code, page: '/docket', ipHash: 'a', count: 4, createdAt: day(-29) },
      // 30 days ago: outside the window.
      { retailer: 'circlek', codeId: code, page: '/docket', ipHash: 'a', count: 50, createdAt: day(-30) },
    ],
  })
  for (const [id, title] of [
    ['a'.repeat(32), 'Pricing'],
    ['b'.repeat(32), 'Pilot plan'],
  ] as const) {
    await prisma.document.create({ data: { id, retailer: 'circlek', title, kind: 'pdf', currentVersion: 1 } })
  }
  await prisma.documentView.createMany({
    data: [
      {
        documentId: 'a'.repeat(32),
        version: 1,
        retailer: 'circlek',
        email: 'dana@circlek.com',
        ipHash: 'a',
        opens: 2,
        firstAt: day(-1),
      },
      {
        documentId: 'a'.repeat(32),
        version: 1,
        retailer: 'circlek',
        email: 'lee@circlek.com',
        ipHash: 'b',
        opens: 1,
        firstAt: day(0),
      },
      {
        documentId: 'b'.repeat(32),
        version: 1,
        retailer: 'circlek',
        email: 'dana@circlek.com',
        ipHash: 'a',
        opens: 1,
        firstAt: day(0),
      },
      // Page shows are not openings.
      {
        documentId: 'b'.repeat(32),
        version: 1,
        retailer: 'circlek',
        ipHash: 'a',
        page: 3,
        opens: 9,
        firstAt: day(0),
      },
    ],
  })
  await prisma.accessCode.update({ where: { id: code }, data: { expiresAt: day(3), label: 'Dana' } })
  await prisma.agreement.create({ data: { retailer: 'circlek', version: 1, body: 'NDA', sha256: 'x' } })
  await prisma.notification.create({
    data: { event: 'contact.created', channel: 'webhook', payload: {}, giveUpAt: day(-1), failedAt: day(-1) },
  })
})
afterAll(async () => {
  await t?.close()
})

it('counts each figure per UTC day over the last 30 days', async () => {
  const data = await overview(t.db.prisma, now)
  expect(data.docketOpenings.days).toHaveLength(30)
  expect(data.docketOpenings.days[0]).toEqual({ day: '2026-10-29', count: 4 })
  expect(data.docketOpenings.days.at(-1)).toEqual({ day: '2026-11-27', count: 5 })
  expect(data.docketOpenings.total).toBe(9)
  expect(data.documentsRead.total).toBe(4)
  expect(data.documentsRead.days.at(-2)).toEqual({ day: '2026-11-26', count: 2 })
  expect(data.topDocuments.map((doc) => [doc.title, doc.opens, doc.readers])).toEqual([
    ['Pricing', 3, 2],
    ['Pilot plan', 1, 1],
  ])
  expect(data.failedNotifications).toBe(1)
  expect(data.expiringCodes.map((code) => code.label)).toEqual(['Dana'])
  expect(data.unacceptedAgreements).toEqual([{ retailer: 'circlek', version: 1, codes: 1 }])
})

it('shows them to a reader as charts with their figures', async () => {
  const { cookie } = await signIn(t, 'look@example.com', 'reader')
  const page = await t.app.inject({ url: '/admin', headers: { cookie } })
  expect(page.statusCode).toBe(200)
  // The chart is an image named by its caption, which says the figures.
  expect(page.body).toContain('role="img" aria-labelledby="docket-chart-summary"')
  expect(page.body).toContain(
    'id="docket-chart-summary" class="muted small">Docket openings: 9 in the last 30 days; the busiest day was 2026-11-27 with 5.</figcaption>',
  )
  expect(page.body).toContain('<td data-label="Day">2026-10-29</td><td data-label="Count" class="num">4</td>')
  expect(page.body).toContain('1 failed notification')
  expect(page.body).toContain('not yet accepted agreement')
  // Gates by the names their pages show, not their slugs.
  expect(page.body).toContain('<td data-label="Gate">Circle K</td>')
  expect(page.body).toContain('Code “Dana” for Circle K expires')
  expect(page.body).toContain('1 active code for Circle K not yet accepted')
})
