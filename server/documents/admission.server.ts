// Who may open a document of the data room: one rule for its page (pages/docket-document/
// +guard.server.ts) and its file (server/routes/document-file.server.ts). A verified grant of the
// document's partner (and, for a document for some people, of one of its codes) opens it, once the
// partner's current agreement is accepted. No grant, another partner's grant, a revoked or expired
// code and a missing, removed or malformed id all get one answer, so no id can be told apart from
// another by trying it.
import type { AccessViewer } from '../../lib/access.ts'
import { agreementUrl, documentPath } from '../../lib/documents.ts'
import type { DataRoom, ViewedDocument } from './data-room.server.ts'

/** Undefined: the answer of an unknown path. */
export type Admission =
  | {
      viewed: ViewedDocument
      /** Set when the viewer must accept the partner's agreement first: where to send them. */
      agreementFirst?: string
    }
  | undefined

export async function admitToDocument(
  room: DataRoom,
  id: unknown,
  viewers: readonly AccessViewer[] | undefined,
): Promise<Admission> {
  const viewed = await room.open(id, viewers)
  if (!viewed) return undefined
  if (await room.pendingAgreement(viewed.viewer)) {
    return { viewed, agreementFirst: agreementUrl(documentPath(viewed.document.id)) }
  }
  return { viewed }
}
