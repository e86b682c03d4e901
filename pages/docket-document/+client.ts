// The header's behaviour, then what the document needs: the PDF pane island on a PDF's page,
// reading time on a view-only PDF's pictures or a Markdown page (each does nothing where its
// element is absent).
import '../../renderer/html-only-client.ts'
import { startPdfPane } from '../../components/documents/pdf-pane/start-pdf-pane.ts'
import { trackMarkdownReading } from '../../components/documents/reading/markdown-reading.ts'
import { trackPageImagesReading } from '../../components/documents/reading/page-images-reading.ts'

if (document.querySelector('[data-pdf-pane]')) startPdfPane()
else {
  trackPageImagesReading()
  trackMarkdownReading()
}
