import type { DocumentPageData } from '../../lib/documents.ts'
import { Watermark } from './Watermark.tsx'

/** A Markdown document as the server rendered it (markdown-it, raw HTML off), under its watermark. */
export function MarkdownDocument({ document }: { document: DocumentPageData }) {
  const html = document.html ?? ''
  return (
    // The data attributes let the page's script report reading time (components/documents/reading).
    <article
      className="document-text watermarked"
      aria-labelledby="page-title"
      data-document-reading=""
      data-document-id={document.id}
      data-version={document.version}
      data-view-token={document.viewToken}
    >
      <Watermark line={document.watermark} textLength={html.length} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html:false writes every tag itself (server/documents/markdown.server.ts) */}
      <div className="document-text__body" dangerouslySetInnerHTML={{ __html: html }} />
      <p className="watermark-foot">Confidential · {document.watermark}</p>
    </article>
  )
}
