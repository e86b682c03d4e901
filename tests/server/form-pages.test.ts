// The pages the server renders for a failed HTML form post (decisions 022 and 069), on a real
// production build: a 303 to the form's own page, whose address names the answers kept in
// Postgres; that page with the answers, the error summary, and the state handed to the island as
// inert JSON that no answer can break out of; a reload of it that posts nothing.

import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { confirmationUrl } from '../../lib/forms/confirmation.ts'
import { FORM_RETURN_GONE } from '../../server/forms/form-returns.server.ts'
import { applicationBody } from '../helpers/form-bodies.ts'
import { postForm } from '../helpers/form-posts.ts'
import { productionAppForFile } from '../helpers/production-app.ts'
import { APPLICATION_FAILURE, APPLICATION_SUCCESS } from '../helpers/promised.ts'
import { freshIp } from '../helpers/submissions.ts'

const t = productionAppForFile()

/** A failed post's 303 to its form's page, and that page (a GET, as the browser follows it). */
async function followed(res: LightMyRequestResponse, path: string) {
  expect(res.statusCode, res.body).toBe(303)
  expect(res.headers['cache-control']).toBe('no-store')
  const location = res.headers.location as string
  expect(location).toMatch(new RegExp(`^${path}\\?answers=[\\w-]{22}$`))
  const page = await t.app.inject({ method: 'GET', url: location })
  expect(page.statusCode).toBe(200)
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(page.headers['cache-control']).toBe('no-store')
  return { location, html: page.body }
}

const message = { name: 'Ada', email: 'ada@', company: '', message: '</script><script>alert(1)</script>' }

describe('a failed form post without JavaScript', () => {
  it('is sent to /contact with the summary, the message per field and the answers; a reload posts nothing', async () => {
    const { location, html } = await followed(await postForm(t.app, '/api/contact', message), '/contact')
    expect(html).toContain('There is a problem')
    expect(html).toContain('<title>Error: Contact — RM5</title>')
    expect(html).toContain(
      '<a href="#contact-email">Enter a valid e-mail address, like name@company.com.</a>',
    )
    const email = /<input[^>]*id="contact-email"[^>]*>/.exec(html)?.[0]
    expect(email).toContain('aria-invalid="true"')
    expect(email).toContain('value="ada@"')
    expect(html).toMatch(/<div class="error-summary" role="alert"[^>]*autofocus=""/)
    // The answers are in the page as text only: the island's JSON cannot close its script.
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>')
    const state = /<script type="application\/json" id="contact-form-state">([^<]*)<\/script>/.exec(html)
    expect(JSON.parse(state?.[1] ?? 'null')).toMatchObject({
      values: { name: 'Ada', email: 'ada@', message: message.message },
      errors: { email: 'Enter a valid e-mail address, like name@company.com.' },
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    // Nothing stored for this post (other tests of this file store messages of their own).
    expect(await t.db.prisma.contactMessage.count({ where: { email: 'ada@' } })).toBe(0)
    // A reload asks for the same page again: the same answers and messages, nothing posted.
    const again = await t.app.inject({ method: 'GET', url: location })
    expect(again.statusCode).toBe(200)
    expect(again.body).toContain('value="ada@"')
    expect(again.body).toContain('There is a problem')
  })

  it('over the rate limit gets the form back at 429 with its answers and the reason', async () => {
    const ip = freshIp()
    const valid = { ...message, email: 'ada@example.com', message: 'Hello' }
    for (let n = 0; n < 10; n++)
      await postForm(t.app, '/api/contact', { ...valid, message: `Hello ${n}` }, { ip })
    const res = await postForm(t.app, '/api/contact', { ...valid, message: 'Kept text' }, { ip })
    // Refused before the route admits the post: answered in place, nothing written (decision 069).
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toMatch(/^\d+$/)
    expect(res.body).toContain('Too many requests. Try again in')
    expect(res.body).toContain('>Kept text</textarea>')
    expect(
      await t.db.prisma.formReturn.count({
        where: { path: '/contact', state: { path: ['values', 'message'], equals: 'Kept text' } },
      }),
    ).toBe(0)
  })

  it('/apply keeps every answer, selects included, and the pre-rendered pages stay as they were', async () => {
    const res = await postForm(t.app, '/api/applications', {
      companyName: 'Kept Market',
      businessType: 'Bakery',
      numberOfLocations: '2.5',
      contactName: 'Ana',
      email: 'ana@example.com',
      phone: '(512) 555-0142',
      currentDeliveryMethod: 'In-house delivery',
    })
    const { html } = await followed(res, '/apply')
    expect(html).toContain(
      '<a href="#apply-numberOfLocations">The number of locations must be a whole number.</a>',
    )
    expect(html).toContain('<option value="Bakery" selected="">')
    expect(html).toContain('<option value="In-house delivery" selected="">')
    expect(/<input[^>]*id="apply-companyName"[^>]*>/.exec(html)?.[0]).toContain('value="Kept Market"')
    const empty = await t.app.inject({ method: 'GET', url: '/apply' })
    expect(empty.statusCode).toBe(200)
    expect(empty.body).not.toContain('There is a problem')
    expect(empty.body).toContain('<title>Retailer Access — RM5</title>')
    expect(empty.body).not.toContain('apply-form-state')
    const form = /<form[^>]*>/.exec(
      empty.body.slice(empty.body.indexOf('data-island="application-form"')),
    )?.[0]
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/api/applications"')
  })

  it("/apply failing as a whole leads its summary with the spec's sentence, then says why", async () => {
    const { monthlyOrderVolume, ...answers } = applicationBody(1)
    const res = await postForm(t.app, '/api/applications', {
      ...answers,
      monthlyOrderVolume: String(monthlyOrderVolume),
      idempotencyKey: 'damaged',
    })
    const { html } = await followed(res, '/apply')
    const summary = /<div class="error-summary" role="alert".*?<\/div>/s.exec(html)?.[0] ?? ''
    const text = summary
      .replace(/<[^>]+>/g, '\n')
      .replace(/\n+/g, '\n')
      .trim()
    expect(text.split('\n')[0]).toBe(APPLICATION_FAILURE)
    expect(text).toContain('This form is out of date. Please send it again.')
  })

  it('an address naming answers not kept shows the empty form and says why; other pages ignore it', async () => {
    const { location } = await followed(await postForm(t.app, '/api/contact', message), '/contact')
    const id = location.split('=')[1] as string
    for (const url of [
      `/contact?answers=${'x'.repeat(22)}`,
      '/contact?answers=not-an-id',
      // Another form's answers are not shown on this one.
      `/apply?answers=${id}`,
    ]) {
      const page = await t.app.inject({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toContain(FORM_RETURN_GONE)
      expect(page.body, url).not.toContain('ada@')
    }
    // An hour after the post, the answers are gone too.
    await t.db.prisma.formReturn.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1) } })
    const expired = await t.app.inject({ method: 'GET', url: location })
    expect(expired.body).toContain(FORM_RETURN_GONE)
    expect(expired.body).not.toContain('value="ada@"')
    const other = await t.app.inject({ method: 'GET', url: `/technology?answers=${id}` })
    expect(other.statusCode).toBe(200)
    expect(other.body).not.toContain(FORM_RETURN_GONE)
  })

  it('when the answers cannot be kept, the page comes back in place at the failure’s status', async () => {
    // A real failure of the write: the table is away for this post.
    await t.db.prisma.$executeRawUnsafe('ALTER TABLE form_returns RENAME TO form_returns_away')
    try {
      const res = await postForm(t.app, '/api/contact', message)
      expect(res.statusCode).toBe(400)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body).toContain('There is a problem')
      expect(res.body).toContain('value="ada@"')
    } finally {
      await t.db.prisma.$executeRawUnsafe('ALTER TABLE form_returns_away RENAME TO form_returns')
    }
  })

  it('a stored post lands on a confirmation page that exists', async () => {
    const res = await postForm(t.app, '/api/contact', { ...message, email: 'ada@example.com' })
    expect(res.statusCode).toBe(303)
    const page = await t.app.inject({ method: 'GET', url: res.headers.location as string })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Message sent')
  })
})

// The pages a stored post lands on (lib/forms/confirmation.ts): the confirmation while the
// address carries a recent minute, a page leading to the form for any other visit.
describe('a confirmation page', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })
  const hourAndTwoAgo = new Date(Date.now() - 62 * 60_000)
  const pages = [
    {
      path: '/apply/received',
      // The spec's sentence, as the HTML writes its apostrophe.
      received: [APPLICATION_SUCCESS.replace("'", '&#x27;'), '<title>Application received — RM5</title>'],
      nothing: [
        'No application to confirm',
        '<title>No application to confirm — RM5</title>',
        'href="/apply"',
      ],
    },
    {
      path: '/contact/sent',
      received: ['Message sent', '<title>Message sent — RM5</title>'],
      nothing: ['No message to confirm', '<title>No message to confirm — RM5</title>', 'href="/contact"'],
    },
  ]

  it.each(pages)('$path says received only following a post', async ({ path, received, nothing }) => {
    const fresh = await get(confirmationUrl(path, new Date()))
    expect(fresh.statusCode).toBe(200)
    for (const text of received) expect(fresh.body).toContain(text)
    expect(fresh.body).not.toContain(nothing[0])
    // Typed, bookmarked or opened from history after the hour, or with a made-up value: nothing
    // to confirm, and the way to the form.
    for (const url of [path, confirmationUrl(path, hourAndTwoAgo), `${path}?sent=yes`, `${path}?sent=1`]) {
      const page = await get(url)
      expect(page.statusCode, url).toBe(200)
      for (const text of nothing) expect(page.body, url).toContain(text)
      for (const text of received) expect(page.body, url).not.toContain(text)
    }
  })

  it.each(pages)(
    '$path is kept: one render per recent minute, one for every other visit',
    async ({ path }) => {
      const fresh = confirmationUrl(path, new Date())
      const first = await get(fresh)
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
      const etag = first.headers.etag as string
      // The reload revalidates against the kept render.
      expect((await get(fresh, { 'if-none-match': etag })).statusCode).toBe(304)
      // Any address that does not follow a post is the one page without it.
      const plain = (await get(path)).headers.etag
      expect(plain).not.toBe(etag)
      for (const url of [confirmationUrl(path, hourAndTwoAgo), `${path}?sent=yes&utm_source=mail`])
        expect((await get(url)).headers.etag, url).toBe(plain)
    },
  )
})

describe('the number boxes of /apply', () => {
  it('are empty when empty: no grey figure that reads as an answer already given', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/apply' })).body
    const numbers = html.match(/<input[^>]*type="number"[^>]*>/g) ?? []
    expect(numbers.length).toBe(3)
    for (const input of numbers) expect(input).not.toContain('placeholder=')
  })
})
