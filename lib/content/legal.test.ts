import { describe, expect, it } from 'vitest'
import { duplicateSectionIds, type LegalDocument } from './legal.ts'
import { privacyPolicy } from './privacy.ts'
import { termsOfService } from './terms.ts'

const text = (document: LegalDocument) =>
  JSON.stringify([
    document.updated,
    document.facts,
    document.intro,
    document.sections.map((s) => [s.title, s.blocks]),
  ])

describe('legal documents', () => {
  it('have unique, URL-safe anchor ids', () => {
    for (const document of [termsOfService, privacyPolicy]) {
      expect(duplicateSectionIds(document)).toEqual([])
      for (const section of document.sections) expect(section.id).toMatch(/^[a-z0-9-]+$/)
    }
  })

  it('terms cover every point of the spec', () => {
    const terms = text(termsOfService)
    for (const needle of [
      'Consumers',
      'Merchants',
      'Staff',
      '18 years',
      '24 hours',
      '5 business days',
      'viruses',
      '$3.00',
    ]) {
      expect(terms).toContain(needle)
    }
    expect(terms).toMatch(/Before a vehicle is assigned[^"]*free/)
    expect(terms).toMatch(/expire on the dates shown in the app/)
    expect(termsOfService.sections.at(-1)?.blocks.some((block) => block.kind === 'contact')).toBe(true)
  })

  it('privacy says what the site counts of a visit and what it does not (issue 47)', () => {
    const section = privacyPolicy.sections.find((s) => s.title === 'Analytics and interest-based advertising')
    const said = JSON.stringify(section?.blocks)
    for (const needle of [
      'without cookies',
      'What is counted',
      'What is not counted',
      'bots',
      'deleted after 90 days',
    ])
      expect(said).toContain(needle)
  })

  it('privacy has the date, country and every section of the spec', () => {
    expect(privacyPolicy.updated).toBe('Last updated August 24, 2025')
    expect(text(privacyPolicy)).toContain('United States')
    const titles = privacyPolicy.sections.map((section) => section.title)
    expect(titles).toEqual([
      'Scope',
      'Information we collect',
      'How we use information',
      'How we share information',
      'Analytics and interest-based advertising',
      'Your choices',
      'Third-party links',
      'Data security',
      'Children under 13',
      'Consent to transfer to the United States',
      'California privacy rights',
      'Changes to this policy',
      'Contact us',
    ])
    const privacy = text(privacyPolicy)
    for (const needle of [
      'foreground',
      'background',
      'Text messages',
      'Cookies',
      'Invites',
      'third-party sources',
      'bank account',
      'photograph',
      'do not sell',
    ]) {
      expect(privacy.toLowerCase()).toContain(needle.toLowerCase())
    }
  })
})
