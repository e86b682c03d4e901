// First-start demo document, run by scripts/run/prepare.ts after the demo media: with DEMO_MEDIA=auto,
// a data room that has never held a document (no row, no stored object) gets the Circle K
// rollout plan as its first document, so /docket shows the data room on a fresh install. A removed
// demo document stays removed: its row still counts.
//
// Earlier releases seeded the proposal itself as that document; the docket now leads to the
// proposal's page instead (components/documents/DocketProposal.tsx), and the copy would be a
// second way there. A copy still as it was seeded is removed and the rollout plan takes its place,
// so an existing demo shows what a fresh one does; a copy an admin replaced, limited or removed is
// theirs and stays as it is.
import { brand } from '../../../lib/brand.ts'
import { ROLLOUT_TITLE, rolloutMarkdown } from '../../../lib/content/rollout-markdown.ts'
import { PROPOSAL_PARTNER } from '../../../lib/partners.ts'
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

export const DEMO_DOCUMENT_FILE = 'circlek-rollout.md'

/** The proposal as earlier releases seeded it: its file name and title. */
export const SEEDED_PROPOSAL = { fileName: 'circlek-proposal.md', title: 'Partnership Proposal' } as const

async function storageHasDocuments(storage: Storage): Promise<boolean> {
  if (!(await storage.client.bucketExists(storage.bucket(DOCUMENTS_BUCKET)))) return false
  return !(await isBucketEmpty(storage, DOCUMENTS_BUCKET))
}

/**
 * Removes the seeded proposal where it is still as seeded: live, its first version, for every
 * code (not published by opening the gate), downloadable, no notifications. Returns how many it
 * removed (0 or 1).
 */
async function removeSeededProposal(prisma: PrismaClient, store: DocumentStore, log: StorageLog) {
  const seeded = await prisma.document.findMany({
    where: {
      retailer: PROPOSAL_PARTNER,
      title: SEEDED_PROPOSAL.title,
      kind: 'markdown',
      currentVersion: 1,
      removedAt: null,
      public: false,
      codeIds: { isEmpty: true },
      download: true,
      notify: false,
      versions: { every: { version: 1, fileName: SEEDED_PROPOSAL.fileName } },
    },
    select: { id: true },
  })
  for (const { id } of seeded) {
    await store.remove(id)
    log.info({ id }, 'removed the demo copy of the proposal: the docket leads to its page (DEMO_MEDIA=auto)')
  }
  return seeded.length
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
  const replacing = (await removeSeededProposal(prisma, store, log)) > 0
  if (!replacing && ((await store.everHeldOne()) || (await storageHasDocuments(storage)))) return undefined
  const doc = await store.add({
    retailer: PROPOSAL_PARTNER,
    bytes: Buffer.from(rolloutMarkdown(brand)),
    fileName: DEMO_DOCUMENT_FILE,
    title: ROLLOUT_TITLE,
  })
  log.info({ id: doc.id, retailer: doc.retailer }, 'added the demo document (DEMO_MEDIA=auto)')
  return doc
}
