// The browser entry of the PDF pane's test page (tests/server/pdf-pane-browser.test.ts): what
// a document page's +client.ts does (PDF or Markdown), plus the site's stylesheet the page links.
import '../../../renderer/site.css'
import { startPdfPane } from '../../../components/documents/pdf-pane/start-pdf-pane.ts'
import { trackMarkdownReading } from '../../../components/documents/reading/markdown-reading.ts'

// A PDF page has the pane, a Markdown page its marked article: each call finds its own or nothing.
startPdfPane()
trackMarkdownReading()
