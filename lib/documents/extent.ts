// How long a document is, as the data room, the CLI's listing and the console show it.

/** Words a reader reads per minute, for the reading time shown beside a document. */
export const WORDS_PER_MINUTE = 230

export const readingMinutes = (words: number) => Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))

/** "12 pages" for a PDF, "4 min read" for Markdown (the CLI's listing and the console's). */
export const extent = (doc: { kind: string; pages: number | null; words: number | null }) =>
  doc.kind === 'pdf'
    ? `${doc.pages} page${doc.pages === 1 ? '' : 's'}`
    : `${readingMinutes(doc.words ?? 0)} min read`
