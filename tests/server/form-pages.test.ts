// The pages the server renders for a failed HTML form post (decision 022), on a real production
// build: the form's own page at the failure's status, the answers kept, the error summary, and the
// state handed to the island as inert JSON that no answer can break out of.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicationBody } from '../helpers/form-bodies.ts'
import { postForm } from '../helpers/form-posts.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'
import { APPLICATION_FAILURE } from '../helpers/promised.ts'
import { freshIp } from '../helpers/submissions.ts'

let t: ProductionTestApp

beforeAll(async () => {
  t = await createProductionTestApp()
}, 300_000)
afterAll(async () => {
  await t?.close()
})

const message = { name: 'Ada', email: 'ada@', company: '', message: '</script><script>alert(1)</script>' }

describe('a failed form post without JavaScript', () => {
  it('gets /contact back at 400 with the summary, the message per field and the answers', async () => {
    const res = await postForm(t.app, '/api/contact', message)
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    const html = res.body
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
  })

  it('over the rate limit gets the form back at 429 with its answers and the reason', async () => {
    const ip = freshIp()
    const valid = { ...message, email: 'ada@example.com', message: 'Hello' }
    for (let n = 0; n < 10; n++)
      await postForm(t.app, '/api/contact', { ...valid, message: `Hello ${n}` }, { ip })
    const res = await postForm(t.app, '/api/contact', { ...valid, message: 'Kept text' }, { ip })
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toMatch(/^\d+$/)
    expect(res.body).toContain('Too many requests. Try again in')
    expect(res.body).toContain('>Kept text</textarea>')
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
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('<a href="#apply-numberOfLocations">Enter a whole number.</a>')
    expect(res.body).toContain('<option value="Bakery" selected="">')
    expect(res.body).toContain('<option value="In-house delivery" selected="">')
    expect(/<input[^>]*id="apply-companyName"[^>]*>/.exec(res.body)?.[0]).toContain('value="Kept Market"')
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
    expect(res.statusCode).toBe(400)
    const summary = /<div class="error-summary" role="alert".*?<\/div>/s.exec(res.body)?.[0] ?? ''
    const text = summary
      .replace(/<[^>]+>/g, '\n')
      .replace(/\n+/g, '\n')
      .trim()
    expect(text.split('\n')[0]).toBe(APPLICATION_FAILURE)
    expect(text).toContain('This form is out of date. Please send it again.')
  })

  it('a stored post lands on a confirmation page that exists', async () => {
    const res = await postForm(t.app, '/api/contact', { ...message, email: 'ada@example.com' })
    expect(res.statusCode).toBe(303)
    const page = await t.app.inject({ method: 'GET', url: res.headers.location as string })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Message sent')
  })
})
