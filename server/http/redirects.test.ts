import { describe, expect, it } from 'vitest'
import { isSameSiteLocation, redirectOrigins, siteOrigins } from './redirects.server.ts'

const own = siteOrigins({ SITE_URL: 'https://rm5.example', PUBLIC_ORIGIN: 'https://www.rm5.example' })

describe('isSameSiteLocation', () => {
  it('accepts paths and absolute URLs of our own origins', () => {
    for (const location of ['/', '/docket', '/circlek?error=invalid&retry=30', '/a%0d%0ab', '/%2F%2Fevil']) {
      expect(isSameSiteLocation(location, own), location).toBe(true)
    }
    expect(isSameSiteLocation('https://rm5.example/docket', own)).toBe(true)
    expect(isSameSiteLocation('https://www.rm5.example/', own)).toBe(true)
  })

  it('refuses anything a browser would resolve to another site', () => {
    for (const location of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'https://rm5.example.evil.example/',
      'http://rm5.example/', // another scheme is another origin
      'javascript:alert(1)',
      'evil.example',
      '',
    ]) {
      expect(isSameSiteLocation(location, own), JSON.stringify(location)).toBe(false)
    }
  })
})

describe('redirectOrigins', () => {
  it('adds the console’s sign-on provider, and only when it is configured', () => {
    const site = { SITE_URL: 'https://rm5.example' }
    expect(isSameSiteLocation('https://id.example.com/authorize', redirectOrigins(site))).toBe(false)
    const withProvider = redirectOrigins({ ...site, ADMIN_OIDC_ISSUER: 'https://id.example.com/tenant' })
    expect(isSameSiteLocation('https://id.example.com/authorize?x=1', withProvider)).toBe(true)
    expect(isSameSiteLocation('https://other.example.com/', withProvider)).toBe(false)
  })
})
