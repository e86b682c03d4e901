import { describe, expect, it } from 'vitest'
import { linksSiteStylesheet, pageRulesMeta, pageRulesOf, rendersPerRequest } from './page-rules.ts'

const gate = pageRulesOf({ rendering: 'kept', perRequestQuery: { error: ['invalid'], step: ['email'] } })

describe('a page’s rules', () => {
  it('are pre-rendered unless the page says otherwise', () => {
    expect(pageRulesOf({}).rendering).toBe('prerendered')
    expect(rendersPerRequest(pageRulesOf({}), 'error=invalid')).toBe(false)
  })

  it('render every request of a per-request or per-viewer page', () => {
    expect(rendersPerRequest(pageRulesOf({ rendering: 'per-request' }), '')).toBe(true)
    expect(rendersPerRequest(pageRulesOf({ rendering: 'per-viewer' }), '')).toBe(true)
  })

  it('render a kept page per request only for the query values it shows', () => {
    expect(rendersPerRequest(gate, '')).toBe(false)
    expect(rendersPerRequest(gate, 'error=invalid')).toBe(true)
    expect(rendersPerRequest(gate, 'utm_source=mail&step=email')).toBe(true)
    expect(rendersPerRequest(gate, 'error=bogus')).toBe(false)
    expect(rendersPerRequest(gate, 'utm_source=mail')).toBe(false)
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
