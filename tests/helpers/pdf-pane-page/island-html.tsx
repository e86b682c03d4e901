// The PDF pane island's HTML as a document page renders it: the pane inside its Island.
import { renderToString } from 'react-dom/server'
import { PdfPane } from '../../../components/documents/pdf-pane/PdfPane.tsx'
import { PDF_PANE_ISLAND, type PdfPaneProps } from '../../../components/documents/pdf-pane/pdf-pane-props.ts'
import { Island } from '../../../components/islands/Island.tsx'

export const pdfPaneHtml = (props: PdfPaneProps): string =>
  renderToString(
    <Island name={PDF_PANE_ISLAND}>
      <PdfPane {...props} />
    </Island>,
  )
