// The one sentence an admin reads when the documents service refuses an upload or names a missing
// document: the CLI prints it (exit 1) and the console shows it in its error summary.

import { DocumentNotFound } from './document-store.server.ts'
import { DocumentJobFailed } from './jobs/document-jobs.server.ts'
import { DocumentRejected } from './rejected.server.ts'

/** The refusal's message, or undefined for an error that is not a refusal (a fault: 5xx). */
export function documentRefusal(error: unknown, listHint: string): string | undefined {
  if (error instanceof DocumentRejected) return error.message
  if (error instanceof DocumentJobFailed)
    return `The file could not be checked within the ${error.detail}: it is refused.`
  if (error instanceof DocumentNotFound) return `${error.message}: ${listHint}`
  return undefined
}
