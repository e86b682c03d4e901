// The pages of the e-mail step on a real production build: the gate's steps after a no-JS post
// (each kept as a render of its own, never the plain gate) and the link page (its token only in a
// form, never used by opening the page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitPrefix } from '../helpers/access.ts'
import { createProductionTestApp, type ProductionTestApp } from '../helpers/production-app.ts'

let t: ProductionTestApp

beforeAll(async () => {
  t = await createProductionTestApp({
    access: { rateLimitPrefix: limitPrefix() },
  })
}, 300_000)
afterAll(async () => {
  await t?.close()
})

const get = (url: string) => t.app.inject({ method: 'GET', url })
const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456'

describe('the gate after a right code that requires an e-mail', () => {
  it.each([
    ['/circlek?step=email', ['Enter your work e-mail', 'action="/api/access/email"', 'type="email"']],
    ['/circlek?step=email&error=email', ['Please enter a valid e-mail address']],
    [
      '/circlek?step=email&error=rate_limited&retry=120',
      ['Too many attempts', 'Please try again in 2 minutes.'],
    ],
    ['/circlek?step=sent', ['Check your inbox', 'If this address may open the docket, we sent a link.']],
    ['/circlek?step=unavailable', ['Links cannot be sent', 'cannot send sign-in links']],
    ['/circlek?error=expired', ['Your code check has expired', 'Enter your access code']],
  ])('%s has the step in the HTML, kept as a render of its own', async (url, texts) => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect(res.headers.etag).not.toBe((await get('/circlek')).headers.etag)
    for (const text of texts) expect(res.body).toContain(text)
  })

  it('walmart has no e-mail step; an unknown step keeps the pre-rendered gate', async () => {
    const walmart = await get('/walmart?step=email')
    expect(walmart.body).not.toContain('action="/api/access/email"')
    const plain = await get('/circlek?step=bogus')
    expect(plain.headers.etag).toBeDefined()
    expect(plain.body).toContain('Enter your access code')
  })
})

describe('the link page', () => {
  it('shows a button that posts the token; opening it uses nothing', async () => {
    const res = await get(`/access/link?token=${TOKEN}&gate=circlek`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.body).toContain('action="/api/access/link"')
    expect(res.body).toContain(`name="token" value="${TOKEN}"`)
    expect(res.body).toContain('Continue to the docket')
    expect(res.body).toMatch(/<meta name="referrer" content="same-origin"/)
    expect(res.body).toMatch(/<meta name="robots" content="noindex[^"]*"/)
  })

  it('wears its partner’s name, colours and monogram, as its gate does (issue 44)', async () => {
    const res = await get(`/access/link?token=${TOKEN}&gate=circlek`)
    // Circle K as the migration seeds it: tint #ff6b2c, ink #0b0d10, monogram CK.
    expect(res.body).toContain('<span class="gate__name">Circle K</span>')
    expect(res.body).toMatch(/style="--gate-tint:#ff6b2c;--gate-tint-ink:#0b0d10"/)
    expect(res.body).toContain('class="gate-card__monogram" aria-hidden="true">CK</span>')
    const unnamed = await get(`/access/link?token=${TOKEN}`)
    expect(unnamed.body).not.toContain('<span class="gate__name">')
  })

  it('says a used or expired link cannot be used, and leads back to its gate', async () => {
    const res = await get('/access/link?error=expired&gate=circlek')
    expect(res.body).toContain('This link has expired or was already used; ask for a new one.')
    expect(res.body).toContain('href="/circlek"')
    expect(res.body).not.toContain('action="/api/access/link"')
    const odd = await get('/access/link?token=%3Cscript%3E')
    expect(odd.body).toContain('This link cannot be used')
    expect(odd.body).not.toContain('<script>')
  })
})

describe('the gate after signing out', () => {
  it('says "You are signed out" on its own kept render; the plain gate does not', async () => {
    const res = await get('/circlek?notice=signed-out')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    expect(res.body).toContain('You are signed out')
    expect((await get('/circlek')).body).not.toContain('You are signed out')
  })
})
