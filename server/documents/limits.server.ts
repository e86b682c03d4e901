// A stored document's bounds, read from the parsed environment (DOCUMENT_MAX_BYTES,
// DOCUMENT_MAX_PAGES, DOCUMENT_MAX_INFLATED_MB), whose schema holds their defaults
// (server/env.server.ts). The document worker gets them as numbers with each job.
import { type Env, envDefault } from '../env.server.ts'

const MIB = 1024 * 1024

export interface DocumentLimits {
  maxBytes: number
  maxPages: number
  /** DOCUMENT_MAX_INFLATED_MB in bytes. */
  maxInflatedBytes: number
}

export function documentLimits(
  env: Pick<Env, 'DOCUMENT_MAX_BYTES' | 'DOCUMENT_MAX_PAGES' | 'DOCUMENT_MAX_INFLATED_MB'>,
): DocumentLimits {
  return {
    maxBytes: env.DOCUMENT_MAX_BYTES,
    maxPages: env.DOCUMENT_MAX_PAGES,
    maxInflatedBytes: env.DOCUMENT_MAX_INFLATED_MB * MIB,
  }
}

/** The limits of an environment that sets none of the three. */
export function defaultDocumentLimits(): DocumentLimits {
  return documentLimits({
    DOCUMENT_MAX_BYTES: envDefault('DOCUMENT_MAX_BYTES'),
    DOCUMENT_MAX_PAGES: envDefault('DOCUMENT_MAX_PAGES'),
    DOCUMENT_MAX_INFLATED_MB: envDefault('DOCUMENT_MAX_INFLATED_MB'),
  })
}
