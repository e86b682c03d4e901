// The buckets at start (docs/operations.md, "When storage or Redis is down"). Storage that answers
// gets its missing buckets at once, as always. Storage that cannot be reached does not stop the
// server: pages need none, and media and documents answer 503 meanwhile. The outage is logged
// once, with the endpoint, and the buckets are tried again in the background, each wait longer
// than the last up to STORAGE_RETRY_MAX_SECONDS, until storage answers. A refusal (credentials,
// permissions) is a configuration to fix and still stops the start.
import pRetry, { AbortError } from 'p-retry'
import { type Storage, withTimeout } from './storage.server.ts'
import type { StorageLog } from './storage-log.server.ts'
import { isStorageUnreachable, storageErrorLine } from './unreachable.server.ts'

/** One try at the buckets: a black-holed endpoint must not hold the start for minutes. */
const ATTEMPT_TIMEOUT_MS = 10_000
/** The first wait before trying again; each next one doubles, up to the configured maximum. */
const FIRST_RETRY_MS = 1000

export interface BucketSetup {
  /** The buckets were made (or found) at start. */
  ready: boolean
  /**
   * True once storage has its buckets: at once when `ready`, else when a background try succeeds.
   * False when `signal` aborted the tries, or storage, back, refuses (logged here). Never rejects.
   */
  made: Promise<boolean>
}

export interface BucketSetupOptions {
  /** Longest wait between two background tries. */
  retryMaxMs: number
  /** Stops the background tries (the server shutting down). */
  signal: AbortSignal
}

export async function setUpBuckets(
  storage: Storage,
  log: StorageLog,
  { retryMaxMs, signal }: BucketSetupOptions,
): Promise<BucketSetup> {
  const attempt = () => withTimeout(storage.ensureBuckets(), ATTEMPT_TIMEOUT_MS, 'creating the buckets')
  try {
    await attempt()
    return { ready: true, made: Promise.resolve(true) }
  } catch (error) {
    if (!isStorageUnreachable(error)) throw error
    log.warn(
      { endpoint: storage.endpoint, error: storageErrorLine(error), retryMaxSeconds: retryMaxMs / 1000 },
      'storage unreachable at start: serving without it (media and documents answer 503), retrying in the background',
    )
  }
  const made = pRetry(
    async () => {
      try {
        await attempt()
      } catch (error) {
        // Only an outage is waited out; anything else would fail the same way every time.
        throw isStorageUnreachable(error) ? error : new AbortError(error as Error)
      }
    },
    {
      retries: Number.POSITIVE_INFINITY,
      factor: 2,
      minTimeout: Math.min(FIRST_RETRY_MS, retryMaxMs),
      maxTimeout: retryMaxMs,
      // Replicas that lost storage together do not all knock at the same moment.
      randomize: true,
      signal,
      unref: true,
      onFailedAttempt: ({ error, attemptNumber, retryDelay }) =>
        log.debug({ error: storageErrorLine(error), attemptNumber, retryDelay }, 'storage still unreachable'),
    },
  ).then(
    () => {
      log.info({ endpoint: storage.endpoint }, 'storage reachable again: buckets ready')
      return true
    },
    (error: unknown) => {
      if (!signal.aborted) {
        log.error(
          { endpoint: storage.endpoint, error: storageErrorLine(error) },
          'storage answers but refuses: media and documents stay unavailable until the configuration is fixed',
        )
      }
      return false
    },
  )
  return { ready: false, made }
}
