// A pg Pool that tells "Postgres is unreachable" apart from "the pool is busy".
// - A busy but healthy database: requests queue for a free connection (up to QUEUE_TIMEOUT_MS),
//   so a burst of valid submissions is stored, not refused.
// - An unreachable database: each new connection gives up after CONNECT_TIMEOUT_MS, and such a
//   failure also fails every request that has waited at least as long, so callers answer 503
//   within 2 s instead of queueing behind doomed connects. A request that arrived just after a
//   doomed connect began waits for its own attempt; once any attempt has failed during its wait,
//   it gets its 503 at UNREACHABLE_DEADLINE_MS rather than after a second full connect timeout.
//   Every new request tries again: recovery needs no restart.
import pg from 'pg'

export const CONNECT_TIMEOUT_MS = 1500
export const QUEUE_TIMEOUT_MS = 10_000
/**
 * How long a request waits once Postgres has been seen unreachable during its wait: no longer
 * than a connect attempt of its own would take, so every caller's 503 comes within ~1.5 s.
 */
export const UNREACHABLE_DEADLINE_MS = CONNECT_TIMEOUT_MS

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
])

/** Connection failures that mean Postgres cannot be reached (not a pool wait timeout). */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
  // 'timeout expired' is pg's own connect timeout (connectionTimeoutMillis on the client): the
  // server accepted the TCP connection but never answered, as a black-holed network does.
  return (
    typeof message === 'string' &&
    /Connection terminated (due to connection timeout|unexpectedly)|^timeout expired$/i.test(message)
  )
}

class QuickConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  }
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void

export class FailFastPool extends pg.Pool {
  /** Requests waiting for a connection, with when they started waiting. */
  private readonly waiters = new Map<(error: Error) => void, number>()
  /** The last connection attempt that found Postgres unreachable. */
  private lastUnreachable?: { at: number; error: Error }

  constructor(config: pg.PoolConfig) {
    super({ ...config, connectionTimeoutMillis: QUEUE_TIMEOUT_MS, Client: QuickConnectClient })
  }

  override connect(): Promise<pg.PoolClient>
  override connect(callback: ConnectCallback): void
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const connecting = this.connectFailFast()
    if (!callback) return connecting
    connecting.then(
      (client) =>
        callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    )
    return undefined
  }

  private connectFailFast(): Promise<pg.PoolClient> {
    const startedAt = performance.now()
    return new Promise((resolve, reject) => {
      let settled = false
      // A busy, healthy database keeps the request queued; one seen unreachable meanwhile does not.
      const deadline = setTimeout(() => {
        const last = this.lastUnreachable
        if (last && last.at >= startedAt) failNow(last.error)
      }, UNREACHABLE_DEADLINE_MS)
      const failNow = (error: Error) => {
        if (settled) return
        settled = true
        clearTimeout(deadline)
        this.waiters.delete(failNow)
        reject(error)
      }
      this.waiters.set(failNow, startedAt)
      super.connect().then(
        (client) => {
          this.waiters.delete(failNow)
          if (settled) return client.release() // its caller already got the 503
          settled = true
          clearTimeout(deadline)
          resolve(client)
        },
        (error: Error) => {
          if (isUnreachable(error)) {
            this.lastUnreachable = { at: performance.now(), error }
            this.failWaitersSince(startedAt, error)
          }
          failNow(error)
        },
      )
    })
  }

  /**
   * Postgres did not answer a connection attempt made at `startedAt`: everyone who has been
   * waiting at least that long would only queue for the same fate, so they fail now. Requests
   * that arrived later (e.g. retries once the database is back) keep their own chance.
   */
  private failWaitersSince(startedAt: number, error: Error) {
    for (const [fail, waitingSince] of [...this.waiters]) if (waitingSince <= startedAt) fail(error)
  }
}
