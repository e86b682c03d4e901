// The data room's bucket. It is a logical bucket like the media ones (lib/buckets.ts), so its
// physical name, backups and restores follow the same rules, but it is private: /media never
// serves it and `rm5 media` never writes to it. Its objects reach a browser only through a grant
// (the document pages) and only after `rm5 documents` has checked them.
import type { LogicalBucket } from '../../lib/buckets.ts'

export const DOCUMENTS_BUCKET = 'documents' satisfies LogicalBucket

const PRIVATE_BUCKETS: ReadonlySet<string> = new Set<LogicalBucket>([DOCUMENTS_BUCKET])

/** True for a bucket whose objects are never public (not served by /media, not written by `rm5 media`). */
export function isPrivateBucket(logical: LogicalBucket): boolean {
  return PRIVATE_BUCKETS.has(logical)
}
