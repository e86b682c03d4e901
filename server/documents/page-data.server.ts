// What the data room's pages render, built on the server for one request: a document's page
// (with its viewer's watermark line) and the agreement page. The hooks in pages/docket-document
// and pages/docket-agreement call these; the page components only lay the values out.
import type { AccessViewer } from '../../lib/access.ts'
import { viewerIdentity } from '../../lib/documents/viewer-identity.ts'
import {
  type AgreementPageData,
  type DocumentPageData,
  documentFilePath,
  documentPageImagePath,
  type PageImageLink,
} from '../../lib/documents.ts'
import type { AgreementRow } from './agreements.server.ts'
import { type DataRoom, docketDocument, type ViewedDocument } from './data-room.server.ts'
import { renderMarkdown } from './markdown.server.ts'
import { pageImageSize } from './page-images/page-image-size.server.ts'
import { watermarkLine } from './watermark-line.server.ts'

export async function documentPageData(room: DataRoom, viewed: ViewedDocument): Promise<DocumentPageData> {
  const { document, viewer } = viewed
  const html = document.kind === 'markdown' ? await room.markdownOf(document) : null
  // The viewer's stamp is made before the page is sent (and kept for the file's or the pictures'
  // requests), so a PDF that cannot be stamped shows the "cannot be shown" page instead of a
  // broken viewer. A view-only PDF is sent as pictures of its pages (decision 060), never as a file.
  const viewOnly = document.kind === 'pdf' && !document.download
  if (document.kind === 'pdf' && document.download) await room.prepareStampedPdf(viewed)
  const pageImages = viewOnly ? await pageImageLinks(room, viewed) : null
  return {
    ...docketDocument(document, viewer.partnerName),
    version: document.version,
    viewer: viewerIdentity(viewer),
    watermark: watermarkLine(room.watermarkFor(viewed)),
    html,
    fileUrl: document.kind === 'pdf' && !viewOnly ? documentFilePath(document.id) : null,
    pageImages,
    download: document.download,
    viewToken: room.viewToken(viewed),
  }
}

/** Each page's picture and its size (the stamp made, then the pages' shapes, in the worker pool). */
async function pageImageLinks(room: DataRoom, viewed: ViewedDocument): Promise<PageImageLink[]> {
  const shapes = await room.pageShapes(viewed)
  return shapes.map((shape, index) => {
    const { width, height } = pageImageSize(shape)
    return { url: documentPageImagePath(viewed.document.id, index + 1), width, height }
  })
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
    viewer: viewerIdentity(viewer),
  }
}
