// The browser entry of the PDF viewer's test page (tests/server/pdf-viewer-browser.test.ts): what
// a document page's +client.ts does, plus the site's stylesheet the page would inline.
import '../../../renderer/site.css'
import { startPdfViewer } from '../../../components/documents/pdf-viewer/start-pdf-viewer.ts'

startPdfViewer()
