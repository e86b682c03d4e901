import { usePageContext } from 'vike-react/usePageContext'
import { DocumentHead } from '../../components/documents/DocumentHead.tsx'
import { MarkdownDocument } from '../../components/documents/MarkdownDocument.tsx'
import { PageImagesDocument } from '../../components/documents/PageImagesDocument.tsx'
import { PdfDocument } from '../../components/documents/PdfDocument.tsx'
// Linked, not inline: this page is rendered for one request at times (renderer/+Head.tsx, decision 020).
import '../../renderer/site.css'

// A document of the data room (decision 031): Markdown rendered by the server under the viewer's
// watermark, a PDF in the browser's own viewer (stamped by the server), or a view-only PDF as
// pictures of its pages (decision 060). HTML only.
export default function Page() {
  const { documentPage } = usePageContext()
  if (!documentPage) return null
  const reading = documentPage.kind === 'markdown'
  return (
    <div className={reading ? 'document-reading' : undefined}>
      <DocumentHead document={documentPage} />
      <div className="document-body">
        <div className="container">
          {documentPage.kind === 'markdown' ? (
            <MarkdownDocument document={documentPage} />
          ) : documentPage.pageImages ? (
            <PageImagesDocument document={documentPage} />
          ) : (
            <PdfDocument document={documentPage} />
          )}
        </div>
      </div>
    </div>
  )
}
