import type { DocumentPageData } from '../../lib/documents.ts'
import { PAGE_IMAGES_ATTRIBUTE } from './reading/page-images-reading.ts'

/**
 * A view-only PDF (stored without download, decision 060): pictures of its pages drawn by the
 * server, each carrying the viewer's watermark; the file itself is never sent. Plain HTML, the same
 * with or without JavaScript: the pictures load as they come near (the first at once), each box
 * sized before its picture arrives. With JavaScript the page reports reading time per page
 * (components/documents/reading/page-images-reading.ts).
 */
export function PageImagesDocument({ document }: { document: DocumentPageData }) {
  const pages = document.pageImages ?? []
  return (
    <div className="pdf-document">
      <ol
        className="page-images"
        aria-label={document.title}
        {...{ [PAGE_IMAGES_ATTRIBUTE]: '' }}
        data-document-id={document.id}
        data-version={document.version}
        data-view-token={document.viewToken}
      >
        {pages.map((page, index) => (
          <li key={page.url} className="page-images__page" data-page={index + 1}>
            <img
              className="page-images__image"
              src={page.url}
              width={page.width}
              height={page.height}
              alt={`Page ${index + 1} of ${pages.length}`}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </li>
        ))}
      </ol>
      <p className="pdf-pane__note">
        Each page carries the watermark “{document.watermark}”. This document can be read here but not
        downloaded.
      </p>
    </div>
  )
}
