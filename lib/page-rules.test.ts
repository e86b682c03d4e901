import { describe, expect, it } from 'vitest'
import { isRetryQueryValue } from './access.ts'
import { keptUrl, linksSiteStylesheet, pageRulesMeta, pageRulesOf, rendersPerRequest } from './page-rules.ts'

const gate = pageRulesOf({
  rendering: 'kept',
  queryVariants: { error: ['invalid', 'rate_limited'], step: ['email'], retry: isRetryQueryValue },
})

describe('a page’s rules', () => {
  it('are pre-rendered unless the page says otherwise', () => {
    expect(pageRulesOf({}).rendering).toBe('prerendered')
    expect(rendersPerRequest(pageRulesOf({}))).toBe(false)
    expect(keptUrl(pageRulesOf({}), '/apply', 'error=invalid')).toBe('/apply')
  })

  it('render every request of a per-request or per-viewer page', () => {
    expect(rendersPerRequest(pageRulesOf({ rendering: 'per-request' }))).toBe(true)
    expect(rendersPerRequest(pageRulesOf({ rendering: 'per-viewer' }))).toBe(true)
    expect(rendersPerRequest(gate)).toBe(false)
  })

  it('keep a render per query variant the page shows, in the order the page declares them', () => {
    expect(keptUrl(gate, '/circlek', '')).toBe('/circlek')
    expect(keptUrl(gate, '/circlek', 'error=invalid')).toBe('/circlek?error=invalid')
    expect(keptUrl(gate, '/circlek', 'utm_source=mail&step=email&error=invalid')).toBe(
      '/circlek?error=invalid&step=email',
    )
    expect(keptUrl(gate, '/circlek', 'retry=42&error=rate_limited')).toBe(
      '/circlek?error=rate_limited&retry=42',
    )
  })

  it('leave out of the render any name or value the page does not show', () => {
    expect(keptUrl(gate, '/circlek', 'error=bogus')).toBe('/circlek')
    expect(keptUrl(gate, '/circlek', 'utm_source=mail')).toBe('/circlek')
    expect(keptUrl(gate, '/circlek', 'error=empty&error=invalid')).toBe('/circlek?error=invalid')
    expect(keptUrl(gate, '/circlek', 'error=invalid&error=bogus')).toBe('/circlek')
    for (const retry of ['0', '042', '3601', '1e3', '-5', ''])
      expect(keptUrl(gate, '/circlek', `error=rate_limited&retry=${retry}`), retry).toBe(
        '/circlek?error=rate_limited',
      )
    expect(keptUrl(gate, '/circlek', 'error=rate_limited&retry=3600')).toBe(
      '/circlek?error=rate_limited&retry=3600',
    )
  })

  it('turn Vike’s pre-rendering off for every page that is not pre-rendered', () => {
    const effect = pageRulesMeta.rendering.effect
    expect(effect({ configValue: 'prerendered' })).toBeUndefined()
    for (const rendering of ['kept', 'per-request', 'per-viewer'])
      expect(effect({ configValue: rendering })).toEqual({ prerender: false })
  })
})

describe('the site’s stylesheet', () => {
  const page = {}
  it('is inline on a page only ever rendered to be kept', () => {
    expect(linksSiteStylesheet(pageRulesOf({}), page)).toBe(false)
    expect(
      linksSiteStylesheet(pageRulesOf({ rendering: 'kept' }), { is404: false, errorWhileRendering: null }),
    ).toBe(false)
  })

  it('is linked on a page rendered for one request at times', () => {
    expect(linksSiteStylesheet(gate, page)).toBe(true)
    expect(linksSiteStylesheet(pageRulesOf({ rendering: 'per-request' }), page)).toBe(true)
    expect(linksSiteStylesheet(pageRulesOf({ rendering: 'per-viewer' }), page)).toBe(true)
  })

  it('is linked on the error page, whatever the error', () => {
    const rules = pageRulesOf({})
    expect(linksSiteStylesheet(rules, { is404: true })).toBe(true)
    expect(linksSiteStylesheet(rules, { abortStatusCode: 403 })).toBe(true)
    expect(linksSiteStylesheet(rules, { errorWhileRendering: new Error('boom') })).toBe(true)
  })
})
