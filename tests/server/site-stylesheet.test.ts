// Where each page's CSS comes from, on the production build (decision 020): a page rendered once
// and served many times carries the rules inline (no request blocks its first paint); a page
// rendered for one request at times links them as a built file the browser keeps, so no such
// answer writes ~70 KB of rules again (lib/page-rules.ts, linksSiteStylesheet).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmationUrl } from '../../lib/forms/confirmation.ts'
import { limitPrefix } from '../helpers/access.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { expectInlineSiteCss, expectLinkedSiteCss } from '../helpers/site-stylesheet.ts'

let t: ProductionTestApp

beforeAll(async () => {
  t = await createProductionTestApp({ access: { rateLimitPrefix: limitPrefix() } })
}, 300_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string) => t.app.inject({ method: 'GET', url })

describe('the site’s CSS', () => {
  it.each(['/', '/technology', '/company', '/careers', '/apply', '/contact', '/privacy'])(
    '%s, rendered once and kept, carries it in one <style>',
    async (url) => {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expectInlineSiteCss(res.body)
    },
  )

  it.each([
    ['/circlek', 200],
    ['/circlek?error=invalid', 200],
    ['/circlek?step=email', 200],
    ['/apply/received', 200],
    [confirmationUrl('/contact/sent', new Date()), 200],
    ['/access/link?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456&gate=circlek', 200],
    ['/no-such-page', 404],
    ['/circlek/no-such-document', 404],
  ])('%s, a page rendered for one request at times, links the built stylesheet', async (url, status) => {
    const res = await get(url)
    expect(res.statusCode).toBe(status)
    await expectLinkedSiteCss(get, res.body)
  })

  it('is the same built file on every page that links it', async () => {
    const hrefs = new Set<string>()
    for (const url of ['/circlek', '/pizzahut?error=invalid', '/no-such-page'])
      hrefs.add(await expectLinkedSiteCss(get, (await get(url)).body))
    expect(hrefs.size).toBe(1)
  })
})
