// Who may reach a document of the data room: one rule for its page (pages/docket-document/
// +guard.server.ts), its file (server/routes/document-file.server.ts), its page pictures
// (server/routes/document-page-image.server.ts), the reading beacon (server/routes/api/
// document-beacons.server.ts) and, for the partner's agreement, the acceptance route
// (server/routes/api/agreement.server.ts). A verified grant of the document's partner (and, for a
// document for some people, of one of its codes) opens it, once the partner's current agreement
// is accepted. No grant, another partner's grant, a revoked or expired code and a missing, removed
// or malformed id all get one answer, so no id can be told apart from another by trying it.
// What differs between the purposes is data (PURPOSES), not code of their own.
import type { AccessViewer } from '../../lib/access.ts'
import { agreementUrl, documentPath, viewerOf } from '../../lib/documents.ts'
import type { PartnerSlug } from '../../lib/partners.ts'
import type { DataRoom, ViewedDocument } from './data-room.server.ts'
import type { DocumentKind } from './validate.server.ts'

export type AdmissionPurpose = 'page' | 'file' | 'pageImage' | 'beacon'

interface PurposeRule {
  /** The kinds this purpose serves; another kind answers as an unknown path. */
  kinds: readonly DocumentKind[]
  /** An agreement still to accept: send the viewer to it first, or refuse (a beacon cannot follow a redirect). */
  agreementPending: 'send' | 'refuse'
}

export const PURPOSES: Record<AdmissionPurpose, PurposeRule> = {
  page: { kinds: ['pdf', 'markdown'], agreementPending: 'send' },
  file: { kinds: ['pdf'], agreementPending: 'send' },
  pageImage: { kinds: ['pdf'], agreementPending: 'send' },
  beacon: { kinds: ['pdf', 'markdown'], agreementPending: 'refuse' },
}

/** Undefined: the answer of an unknown path. */
export type Admission =
  | {
      viewed: ViewedDocument
      /** Set when the viewer must accept the partner's agreement first: where to send them. */
      agreementFirst?: string
    }
  | undefined

export async function admitToDocument(
  room: Pick<DataRoom, 'open' | 'pendingAgreement'>,
  id: unknown,
  viewers: readonly AccessViewer[] | undefined,
  purpose: AdmissionPurpose,
): Promise<Admission> {
  const rule = PURPOSES[purpose]
  const viewed = await room.open(id, viewers)
  if (!viewed || !rule.kinds.includes(viewed.document.kind)) return undefined
  if (await room.pendingAgreement(viewed.viewer)) {
    if (rule.agreementPending === 'refuse') return undefined
    return { viewed, agreementFirst: agreementUrl(documentPath(viewed.document.id)) }
  }
  return { viewed }
}

/** Who accepts a partner's agreement: the viewer a verified grant of that partner names. */
export function admitToAgreement(
  viewers: readonly AccessViewer[],
  retailer: PartnerSlug,
): AccessViewer | undefined {
  return viewerOf({ retailer }, viewers)
}
