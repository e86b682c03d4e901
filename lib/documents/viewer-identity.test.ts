import { describe, expect, it } from 'vitest'
import { viewerIdentity, viewerWords } from './viewer-identity.ts'

type Viewer = Parameters<typeof viewerIdentity>[0]
const circleK: Viewer = { partnerName: 'Circle K', codeId: 'code-1', email: null, label: null }
const sentence = (verb: string, viewer: Viewer) => {
  const { before, name, after } = viewerWords(verb, viewerIdentity(viewer))
  return [before, `*${name}*`, after].filter(Boolean).join(' ')
}

describe('the line naming who is reading', () => {
  it('names a person who proved their e-mail by the address', () => {
    expect(sentence('Viewing', { ...circleK, email: 'dana@circlek.com', label: 'Dana' })).toBe(
      'Viewing as *dana@circlek.com*',
    )
  })

  it('names a person by the label their code was given', () => {
    expect(sentence('Viewing', { ...circleK, label: 'Dana at Circle K' })).toBe(
      'Viewing as *Dana at Circle K*',
    )
    expect(sentence('Accepting', { ...circleK, label: 'Pat' })).toBe('Accepting as *Pat*')
  })

  it('says a code that names no one is the partner’s code, not a person', () => {
    expect(sentence('Viewing', circleK)).toBe('Viewing with a *Circle K* access code')
    expect(sentence('Accepting', circleK)).toBe('Accepting with a *Circle K* access code')
  })

  it('says an open gate took no code', () => {
    const walmart: Viewer = { partnerName: 'Walmart', codeId: null, email: null, label: null }
    expect(sentence('Viewing', walmart)).toBe('Viewing through the *Walmart* docket, no access code needed')
    expect(sentence('Accepting', walmart)).toBe(
      'Accepting through the *Walmart* docket, no access code needed',
    )
  })
})
