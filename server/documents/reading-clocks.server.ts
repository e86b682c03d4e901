// How much of a reading beacon's time counts (decision 059). Every page load hands out a new view
// token, and a viewer may read on several instances at once, so the clock is one row per viewer
// and document in Postgres: whatever the tokens and instances, the seconds counted never exceed
// the wall-clock time since the viewer's earliest token was served. One statement per beacon,
// atomic under concurrent beacons (INSERT … ON CONFLICT locks the row and reads its latest version).
import type { PrismaClient } from '../db/database.server.ts'
import { keyedHash } from '../http/client-hash.server.ts'

export interface ReadingViewer {
  codeId: string | null
  email: string | null
  /** The client's keyed hash: what names an open gate's visitor, who has neither code nor e-mail. */
  ipHash: string
}

export class ReadingClocks {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly key: Buffer,
  ) {}

  /**
   * The seconds of this report that count: `seconds`, cut so that the viewer's total for the
   * document stays within the time since their first token (`servedAt`) was served.
   */
  async take(
    documentId: string,
    viewer: ReadingViewer,
    servedAt: Date,
    seconds: number,
    now: Date,
  ): Promise<number> {
    const who = this.viewerKey(viewer)
    // Every SET expression reads the row as it was, so last_spent is what this report added.
    const [row] = await this.prisma.$queryRaw<{ spent: number }[]>`
      INSERT INTO reading_clocks AS c (document_id, viewer, started_at, counted, last_spent, updated_at)
      VALUES (
        ${documentId}, ${who}, ${servedAt},
        LEAST(${seconds}::int, GREATEST(0, floor(extract(epoch FROM (${now}::timestamptz - ${servedAt}::timestamptz)))::int)),
        LEAST(${seconds}::int, GREATEST(0, floor(extract(epoch FROM (${now}::timestamptz - ${servedAt}::timestamptz)))::int)),
        ${now}
      )
      ON CONFLICT (document_id, viewer) DO UPDATE SET
        started_at = LEAST(c.started_at, EXCLUDED.started_at),
        counted = c.counted + GREATEST(0, LEAST(${seconds}::int,
          floor(extract(epoch FROM (${now}::timestamptz - LEAST(c.started_at, EXCLUDED.started_at))))::int - c.counted)),
        last_spent = GREATEST(0, LEAST(${seconds}::int,
          floor(extract(epoch FROM (${now}::timestamptz - LEAST(c.started_at, EXCLUDED.started_at))))::int - c.counted)),
        updated_at = ${now}
      RETURNING last_spent AS spent`
    return row?.spent ?? 0
  }

  private viewerKey({ codeId, email, ipHash }: ReadingViewer): string {
    const anonymous = codeId === null && email === null
    return keyedHash(this.key, `reading\n${codeId ?? ''}\n${email ?? ''}\n${anonymous ? ipHash : ''}`)
  }
}
