import { describe, expect, it } from 'vitest'
import { acceptanceRecord, viewerIdentity, viewerMark, viewerWords } from './viewer-identity.ts'

type Viewer = Parameters<typeof viewerIdentity>[0]
const circleK: Viewer = { partnerName: 'Circle K', codeId: 'code-1', email: null, label: null }
const walmart: Viewer = { partnerName: 'Walmart', codeId: null, email: null, label: null }
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
    expect(sentence('Viewing', walmart)).toBe('Viewing through the *Walmart* docket, no access code needed')
    expect(sentence('Accepting', walmart)).toBe(
      'Accepting through the *Walmart* docket, no access code needed',
    )
  })
})

describe('the watermark naming who a copy was served to', () => {
  const mark = (viewer: Viewer) => viewerMark(viewerIdentity(viewer))

  it('names a person by the proved e-mail, else the label their code was given', () => {
    expect(mark({ ...circleK, email: 'dana@circlek.com', label: 'Dana' })).toBe('dana@circlek.com')
    expect(mark({ ...circleK, label: 'Dana at Circle K' })).toBe('Dana at Circle K')
  })

  it('names the partner’s code when the code names no one', () => {
    expect(mark(circleK)).toBe('Circle K access code')
  })

  it('names the open docket, not a code, at a gate that takes none', () => {
    expect(mark(walmart)).toBe('Walmart open docket, no access code')
  })
})

describe('what the agreement says an acceptance is recorded with', () => {
  const record = (viewer: Viewer) => acceptanceRecord(viewerIdentity(viewer))

  it('a name where the site knows one; a proved e-mail follows the person, so no visit is named', () => {
    expect(record({ ...circleK, email: 'dana@circlek.com', label: 'Dana' })).toBe(
      'Your acceptance is recorded with your name and the time.',
    )
  })

  it('the code’s label as the name, for this visit only: nothing follows the person to the next', () => {
    expect(record({ ...circleK, label: 'Dana' })).toBe(
      'Your acceptance is recorded with your name and the time, for this visit only.',
    )
  })

  it('the partner’s code for a code that names no one, for this visit only', () => {
    expect(record(circleK)).toBe(
      'Your acceptance is recorded with your Circle K access code and the time, for this visit only.',
    )
  })

  it('no name and no code at a gate that takes none, for this visit only', () => {
    expect(record(walmart)).toBe(
      'The Walmart docket asks for no access code or name: your acceptance is recorded with the time, for this visit only.',
    )
    expect(record(walmart)).not.toMatch(/your name|access code and/)
  })
})
