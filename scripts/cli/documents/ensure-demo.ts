// First-start demo document, run by scripts/run/prepare.ts after the demo media: with DEMO_MEDIA=auto,
// a data room that has never held a document (no row, no stored object) gets the Circle K
// proposal as its first document, so /docket shows the data room on a fresh install. A removed
// demo document stays removed: its row still counts.
import { brand } from '../../../lib/brand.ts'
import { PROPOSAL_TITLE, proposalMarkdown } from '../../../lib/content/proposal-markdown.ts'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import { DOCUMENTS_BUCKET } from '../../../server/documents/bucket.server.ts'
import {
  DocumentStore,
  type DocumentStoreOptions,
  type DocumentSummary,
} from '../../../server/documents/document-store.server.ts'
import type { Storage } from '../../../server/storage/storage.server.ts'
import type { StorageLog } from '../../../server/storage/storage-log.server.ts'
import { isBucketEmpty } from '../media/ensure-demo.ts'

export const DEMO_DOCUMENT_FILE = 'circlek-proposal.md'

async function storageHasDocuments(storage: Storage): Promise<boolean> {
  if (!(await storage.client.bucketExists(storage.bucket(DOCUMENTS_BUCKET)))) return false
  return !(await isBucketEmpty(storage, DOCUMENTS_BUCKET))
}

/** Adds the demo document when the data room is empty; returns it, or undefined when nothing was added. */
export async function ensureDemoDocuments(
  prisma: PrismaClient,
  storage: Storage,
  log: StorageLog,
  options: DocumentStoreOptions & { mode: 'auto' | 'off' },
): Promise<DocumentSummary | undefined> {
  if (options.mode !== 'auto') return undefined
  const store = new DocumentStore(prisma, storage, options)
  if ((await store.everHeldOne()) || (await storageHasDocuments(storage))) return undefined
  const doc = await store.add({
    retailer: 'circlek',
    bytes: Buffer.from(proposalMarkdown(brand)),
    fileName: DEMO_DOCUMENT_FILE,
    title: PROPOSAL_TITLE,
  })
  log.info({ id: doc.id, retailer: doc.retailer }, 'added the demo document (DEMO_MEDIA=auto)')
  return doc
}
