// Stores a form submission at most once per idempotency key (docs/architecture.md: Forms), relying on the
// database's unique index rather than a check-then-insert, so concurrent retries cannot both win.
import { databaseUnavailable, isDatabaseUnavailable, isUniqueViolation } from '../db/errors.server.ts'
import { HttpError } from '../http/errors.server.ts'

export interface StoreOnceOptions<Row extends { id: string }> {
  key: string | undefined
  /** Inserts the submission (with `key` in its unique idempotency column) and returns its id. */
  create(key: string | undefined): Promise<{ id: string }>
  /** The row stored under `key`, if any. */
  find(key: string): Promise<Row | null>
  /** True when a stored row holds the same submission as this request. */
  sameAs(row: Row): boolean
}

export interface Stored {
  id: string
  /** True when the key had been used before and this is that earlier submission's answer. */
  replayed: boolean
}

/**
 * The whole write gets this long before the visitor is told to retry: the 503 comes while the visitor still waits.
 * Pool waits, connects and statements each have their own timeouts; this deadline bounds their
 * sum, and leaves part of the 2 s for parsing, the answer and a busy event loop (a deadline
 * close to 2 s answered too late on a loaded 2-core machine). A write that still commits after it is found by
 * the retry's Idempotency-Key.
 */
export const WRITE_DEADLINE_MS = 1600

export async function storeOnce<Row extends { id: string }>(options: StoreOnceOptions<Row>): Promise<Stored> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(databaseUnavailable()), WRITE_DEADLINE_MS)
  })
  try {
    return await Promise.race([storeOnceUnbounded(options), deadline])
  } finally {
    clearTimeout(timer)
  }
}

async function storeOnceUnbounded<Row extends { id: string }>(
  options: StoreOnceOptions<Row>,
): Promise<Stored> {
  try {
    // Insert first: the usual case (a new key, or none) costs one statement.
    const { id } = await options.create(options.key)
    return { id, replayed: false }
  } catch (error) {
    if (options.key && isUniqueViolation(error)) {
      // A retry, or a concurrent twin that committed first: answer with the stored row.
      const stored = await options.find(options.key).catch(mapUnavailable)
      if (stored) return replay(stored, options)
    }
    return mapUnavailable(error)
  }
}

function replay<Row extends { id: string }>(row: Row, options: StoreOnceOptions<Row>): Stored {
  if (!options.sameAs(row)) {
    // IETF draft-ietf-httpapi-idempotency-key-header: a reused key with another payload is a 422.
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different submission. Send a new key.',
    )
  }
  return { id: row.id, replayed: true }
}

function mapUnavailable(error: unknown): never {
  throw isDatabaseUnavailable(error) ? databaseUnavailable() : error
}

/** Compares a request's row data with a stored row: null and undefined match, Decimals by value. */
export function sameRowData(row: Record<string, unknown>, data: Record<string, unknown>): boolean {
  return Object.entries(data).every(([field, value]) => {
    const stored = row[field]
    if (stored === null || stored === undefined) return value === null || value === undefined
    if (value === null || value === undefined) return false
    if (typeof stored === 'object' && 'equals' in stored && typeof stored.equals === 'function') {
      return stored.equals(value) as boolean
    }
    return stored === value
  })
}
