import { describe, expect, it } from 'vitest'
import { agreementUrl, documentPath, safeAgreementNext } from './documents.ts'

const id = '0123456789abcdef0123456789abcdef'

describe('safeAgreementNext', () => {
  it('accepts a document page and nothing else', () => {
    expect(safeAgreementNext(documentPath(id))).toBe(`/docket/documents/${id}`)
    for (const next of [
      undefined,
      42,
      '',
      '/docket',
      '/docket/agreement',
      `${documentPath(id)}/file`,
      `${documentPath(id)}?x=1`,
      `${documentPath(id)}#top`,
      `//evil.example${documentPath(id)}`,
      `https://evil.example${documentPath(id)}`,
      `/docket/documents/${id.toUpperCase()}`,
      `/docket/documents/${id}\n`,
      '/docket/documents/../../admin',
    ]) {
      expect(safeAgreementNext(next)).toBeUndefined()
    }
  })

  it('is carried in the agreement URL as one query parameter', () => {
    const url = new URL(agreementUrl(documentPath(id)), 'http://x')
    expect(url.pathname).toBe('/docket/agreement')
    expect(safeAgreementNext(url.searchParams.get('next'))).toBe(documentPath(id))
  })
})
