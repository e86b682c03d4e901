// What a document is called, for the listings that name documents by id (`rm5 documents
// activity`, the console's audit log): removed documents keep their title.
import type { PrismaClient } from '../db/database.server.ts'

export interface DocumentTitle {
  title: string
  retailer: string
}

/** The title and partner of each document in `ids` that has a row, keyed by id. */
export async function documentTitles(
  prisma: Pick<PrismaClient, 'document'>,
  ids: readonly string[],
): Promise<Map<string, DocumentTitle>> {
  const rows = await prisma.document.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, title: true, retailer: true },
  })
  return new Map(rows.map((row) => [row.id, { title: row.title, retailer: row.retailer }]))
}
