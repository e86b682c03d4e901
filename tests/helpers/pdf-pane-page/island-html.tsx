// The PDF viewer island's HTML as a document page renders it: the viewer inside its Island.
import { renderToString } from 'react-dom/server'
import { PdfViewer } from '../../../components/documents/pdf-viewer/PdfViewer.tsx'
import {
  PDF_VIEWER_ISLAND,
  type PdfViewerProps,
} from '../../../components/documents/pdf-viewer/pdf-viewer-props.ts'
import { Island } from '../../../components/islands/Island.tsx'

export const pdfViewerHtml = (props: PdfViewerProps): string =>
  renderToString(
    <Island name={PDF_VIEWER_ISLAND}>
      <PdfViewer {...props} />
    </Island>,
  )
