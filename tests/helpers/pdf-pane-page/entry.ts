// The browser entry of the PDF viewer's test page (tests/server/pdf-viewer-browser.test.ts): what
// a document page's +client.ts does (PDF or Markdown), plus the site's stylesheet the page links.
import '../../../renderer/site.css'
import { startPdfViewer } from '../../../components/documents/pdf-viewer/start-pdf-viewer.ts'
import { trackMarkdownReading } from '../../../components/documents/reading/markdown-reading.ts'

// A PDF page has the viewer, a Markdown page its marked article: each call finds its own or nothing.
startPdfViewer()
trackMarkdownReading()
