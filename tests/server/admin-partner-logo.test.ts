// A partner's logo uploaded in the console, against the real app, Postgres and the embedded S3: the
// file goes through `setPartnerLogo`, the function `rm5 partners set --logo` calls (its image
// check, its size limit, its sentences), is audited under the admin, is served at its /media
// address and shown over the gate preview's monogram; a refused file changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitPrefix } from '../helpers/access.ts'
import { type FilePart, postMultipart, refusedPage, type SignedIn, signIn } from '../helpers/admin-console.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { seedPartner } from '../helpers/partners.ts'

let t: TestApp
let editor: SignedIn
let slug: string

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>'

beforeAll(async () => {
  t = await createTestApp({ access: { rateLimitPrefix: limitPrefix() } })
  editor = await signIn(t, 'editor@example.com', 'editor')
  slug = `logo-${Math.random().toString(36).slice(2, 8)}`
  await seedPartner(t.db.prisma, slug, 'Logo Test')
})
afterAll(async () => {
  await t?.close()
})

const uploadLogo = (file?: FilePart) =>
  postMultipart(t, `/admin/partners/${slug}/logo`, { _csrf: editor.csrf }, file, { cookie: editor.cookie })
const logoKey = async () => (await t.db.prisma.partner.findUniqueOrThrow({ where: { slug } })).logoKey

describe('refused files', () => {
  it.each([
    ['no file', undefined, 'Choose a PNG, JPEG, WebP or SVG file.'],
    [
      'a file that is not an image',
      { fileName: 'logo.png', bytes: Buffer.from('not an image at all') },
      'The logo must be a PNG, JPEG, WebP or SVG image.',
    ],
    [
      'an image over the limit',
      {
        fileName: 'big.png',
        bytes: Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          // Decision 035: logos up to 512 KiB.
          Buffer.alloc(512 * 1024 + 1024),
        ]),
      },
      'The logo must be 512 KiB or smaller.',
    ],
  ])('%s: the service’s sentence in the error summary, nothing changed', async (_name, file, sentence) => {
    // Whatever the other tests of this file did first (they run in any order).
    const audited = () => t.db.prisma.auditEntry.count({ where: { action: 'partner.logo', target: slug } })
    const [keyBefore, auditedBefore] = [await logoKey(), await audited()]
    const res = await refusedPage(t.app, await uploadLogo(file), editor.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('There is a problem')
    expect(res.body).toContain('href="#logo-file"')
    expect(res.body).toContain(sentence)
    expect(await logoKey()).toBe(keyBefore)
    expect(await audited()).toBe(auditedBefore)
  })
})

it('stores a logo through the partners service, audited, served, and shown over the preview', async () => {
  const res = await uploadLogo({ fileName: 'logo.svg', bytes: Buffer.from(SVG) })
  expect([res.statusCode, res.headers.location]).toEqual([303, `/admin/partners/${slug}?done=logo`])
  const key = await logoKey()
  expect(key).toMatch(new RegExp(`^${slug}/[0-9a-f]{16}\\.svg$`))
  const entry = await t.db.prisma.auditEntry.findFirst({ where: { action: 'partner.logo', target: slug } })
  expect(entry?.actor).toBe('editor@example.com')

  const page = await t.app.inject({
    url: `/admin/partners/${slug}?done=logo`,
    headers: { cookie: editor.cookie },
  })
  expect(page.body).toContain('Logo saved')
  const src = /<img class="gate-preview__logo" src="([^"]+)"/.exec(page.body)?.[1] ?? ''
  expect(src).toContain(key)
  const served = await t.app.inject({ url: src })
  expect(served.statusCode).toBe(200)
  expect(served.headers['content-type']).toContain('image/svg+xml')
  expect(served.body).toBe(SVG)
})
