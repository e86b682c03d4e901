// Reading time on a Markdown document's page (page 0: the document as a whole). A plain module for
// the page's +client.ts, no React: the page reads the same without it, it only reports the time.
// The page marks its document with `data-document-reading` plus data-document-id, data-version
// and data-view-token.
import { readingDocument, trackReading } from './track-reading.ts'

export const READING_ATTRIBUTE = 'data-document-reading'

export function trackMarkdownReading(root: ParentNode = document): void {
  const element = root.querySelector<HTMLElement>(`[${READING_ATTRIBUTE}]`)
  const reading = readingDocument(element)
  if (element && reading) trackReading(reading, element).show(0)
}
