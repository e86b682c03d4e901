// A partner's gate lives at /<slug>, so no slug may name a path the site serves (decision 035): the
// spec's pages, the data room's and the forms' pages, and every first segment of the server's own
// routes (probes, metrics, the API, the console, media). Refused by the service the CLI and the
// console both call, before anything is stored.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { seedPartner } from '../helpers/partners.ts'

/** docs/original-behaviour.md's routes and the pages this site added (docs/architecture.md). */
const PAGE_SEGMENTS = [
  'experience',
  'technology',
  'company',
  'careers',
  'contact',
  'apply',
  'terms',
  'privacy',
  'docket',
  'access',
]
/** Server routes the docs name: probes, Prometheus, the API, the console, media and built files. */
const SERVER_SEGMENTS = ['livez', 'readyz', 'healthz', 'metrics', 'api', 'admin', 'media', 'assets']

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: 'promises-metrics-token-0123456789' } })
})
afterAll(async () => {
  await t?.close()
})

/** First path segments of every route the running server has, from Fastify's own tree (top level only). */
function servedSegments(): string[] {
  const tree = t.app.printRoutes({ commonPrefix: false })
  return [...new Set([...tree.matchAll(/^[├└]── \/([a-z0-9][a-z0-9-]*)/gm)].map((m) => m[1] as string))]
}

const refusal = async (slug: string) =>
  seedPartner(t.db.prisma, slug, 'Taken').then(
    () => 'accepted',
    (error: Error) => error.message,
  )

it('refuses every path the site serves as a partner slug, and stores nothing', async () => {
  const served = servedSegments()
  expect(served).toEqual(expect.arrayContaining(['api', 'metrics', 'livez', 'readyz', 'admin']))
  const partners = await t.db.prisma.partner.count()
  for (const slug of new Set([...PAGE_SEGMENTS, ...SERVER_SEGMENTS, ...served])) {
    expect([slug, await refusal(slug)]).toEqual([
      slug,
      `"${slug}" is a path the site already serves or reserves: choose another slug.`,
    ])
  }
  expect(await t.db.prisma.partner.count()).toBe(partners)
})

it('takes a slug the site does not serve', async () => {
  expect(await refusal('kroger-promises')).toBe('accepted')
})
