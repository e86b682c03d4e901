// What the data room's commands open: the database, the storage, and the store on both, with the
// upload limit from DOCUMENT_MAX_BYTES. Refusals of the data layer become one-line CLI errors.
import { readFile, stat } from 'node:fs/promises'
import type { PrismaClient } from '../../../server/db/database.server.ts'
import type { DocumentStore } from '../../../server/documents/document-store.server.ts'
import { withDatabase } from '../../lib/cli-database.ts'
import { cliEnv } from '../../lib/cli-env.ts'
import { CliError } from '../../lib/cli-error.ts'
import { withStorage } from '../../lib/cli-storage.ts'
import { checkInFile } from '../../lib/in-path.ts'

export async function withDocuments<T>(
  run: (store: DocumentStore, prisma: PrismaClient) => Promise<T>,
): Promise<T> {
  const env = await cliEnv()
  const [
    { DocumentStore },
    { documentLimits },
    { documentRefusal },
    { closeDocumentJobs, configureDocumentJobs },
  ] = await Promise.all([
    import('../../../server/documents/document-store.server.ts'),
    import('../../../server/documents/limits.server.ts'),
    import('../../../server/documents/refusal.server.ts'),
    import('../../../server/documents/jobs/document-jobs.server.ts'),
  ])
  return withDatabase(({ prisma }) =>
    withStorage(async (storage) => {
      configureDocumentJobs(env, { yieldToRequests: false })
      const store = new DocumentStore(prisma, storage, { ...documentLimits(env), region: env.S3_REGION })
      try {
        return await run(store, prisma)
      } catch (error) {
        const refusal = documentRefusal(error, 'see `rm5 documents list --all` for the ids.')
        if (refusal) throw new CliError(refusal)
        throw error
      } finally {
        await closeDocumentJobs()
      }
    }),
  )
}

/**
 * A local file's bytes. A file over `maxBytes` (the limit `limitName` names) is refused from its
 * size alone, before it is read; the store checks again what it receives. Commands read their
 * files with it before opening the database, so a missing file is the error they report.
 */
export async function readLocalFile(
  path: string,
  maxBytes?: number,
  limitName = 'DOCUMENT_MAX_BYTES',
): Promise<Buffer> {
  checkInFile(path)
  const info = await stat(path)
  if (maxBytes !== undefined && info.size > maxBytes) {
    throw new CliError(`${path} is ${info.size} bytes; the limit is ${maxBytes} bytes (${limitName}).`)
  }
  return readFile(path)
}
