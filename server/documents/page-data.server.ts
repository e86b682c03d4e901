// What the data room's pages render, built on the server for one request: a document's page
// (with its viewer's watermark line) and the agreement page. The hooks in pages/docket-document
// and pages/docket-agreement call these; the page components only lay the values out.
import type { AccessViewer } from '../../lib/access.ts'
import {
  type AgreementPageData,
  type DocumentPageData,
  documentFilePath,
  SHARED_OPENLY,
  viewerName,
} from '../../lib/documents.ts'
import type { AgreementRow } from './agreements.server.ts'
import { type DataRoom, docketDocument, type ViewedDocument } from './data-room.server.ts'
import { renderMarkdown } from './markdown.server.ts'
import { watermarkLine } from './watermark.server.ts'

export async function documentPageData(room: DataRoom, viewed: ViewedDocument): Promise<DocumentPageData> {
  const { document, viewer } = viewed
  const html = document.kind === 'markdown' ? await room.markdownOf(document) : null
  // The viewer's stamp is made before the page is sent (and kept for the file's requests), so a
  // PDF that cannot be stamped shows the "cannot be shown" page instead of a broken viewer.
  if (document.kind === 'pdf') await room.prepareStampedPdf(viewed)
  return {
    ...docketDocument(document, viewer.partnerName),
    version: document.version,
    viewer: document.public ? SHARED_OPENLY : viewerName(viewer),
    watermark: watermarkLine(room.watermarkFor(viewed)),
    html,
    fileUrl: document.kind === 'pdf' ? documentFilePath(document.id) : null,
    download: document.download,
    viewToken: room.viewToken(viewed),
  }
}

export function agreementPageData(
  viewer: AccessViewer,
  agreement: AgreementRow,
  next: string | undefined,
): AgreementPageData {
  return {
    retailer: viewer.retailer,
    retailerName: viewer.partnerName,
    version: agreement.version,
    html: renderMarkdown(agreement.body).html,
    next: next ?? null,
    viewer: viewerName(viewer),
  }
}
