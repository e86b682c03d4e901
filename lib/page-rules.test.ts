import { describe, expect, it } from 'vitest'
import { pageRulesMeta, pageRulesOf, rendersPerRequest } from './page-rules.ts'

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
