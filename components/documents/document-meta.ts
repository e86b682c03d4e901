// How a document's facts read beside its title: the day it was last updated, and its length
// (pages for a PDF, reading time for Markdown).
import type { DocketDocument } from '../../lib/documents.ts'

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

export const updatedOn = (date: Date) => day.format(date)

export function documentLength(document: Pick<DocketDocument, 'kind' | 'pages' | 'readingMinutes'>): string {
  if (document.kind === 'pdf') {
    const pages = document.pages ?? 0
    return `${pages} page${pages === 1 ? '' : 's'}`
  }
  return `${document.readingMinutes ?? 1} min read`
}

export const kindLabel = (kind: DocketDocument['kind']) => (kind === 'pdf' ? 'PDF' : 'Document')
