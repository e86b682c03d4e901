// Rows that must not cost a database write on the request that produced them: kept in memory
// (merged per key where the caller can, e.g. a count), written together every few seconds, early
// when many keys are waiting, and on close (so a graceful shutdown loses nothing). One write at a
// time: while it runs, new rows keep merging in memory instead of queueing writes behind it, so
// a database slower than the traffic costs neither unbounded memory nor a pile of writes. Past
// twice the key limit, rows with new keys are dropped (and counted in the log) until the write
// in progress ends.
import { SerialWriter } from './serial-writer.server.ts'

export interface WriteBehindLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export class WriteBehind<V> {
  private pending = new Map<unknown, V>()
  private dropped = 0
  private readonly writer: SerialWriter<V[]>

  constructor(
    write: (values: V[]) => Promise<unknown>,
    private readonly log: WriteBehindLog,
    private readonly options: { flushMs: number; maxKeys: number; what: string },
  ) {
    this.writer = new SerialWriter({
      flushMs: options.flushMs,
      take: () => this.take(),
      write: (values) =>
        write(values).then(
          () => {},
          (err) => log.error({ err, rows: values.length }, `could not record ${options.what}`),
        ),
      waiting: () => this.pending.size > 0,
    })
  }

  /** Adds a value under `key`, or updates the one already waiting under it. */
  put(key: unknown, create: () => V, update?: (waiting: V) => void): void {
    const waiting = this.pending.get(key)
    if (waiting && update) {
      update(waiting)
      return
    }
    if (this.pending.size >= this.options.maxKeys * 2) {
      this.dropped += 1
      return
    }
    this.pending.set(key, create())
    if (this.pending.size >= this.options.maxKeys && !this.writer.busy) void this.flush()
    else this.writer.later()
  }

  /** Writes what is waiting; resolves once everything put before the call is written. */
  flush(): Promise<void> {
    return this.writer.flush()
  }

  private take(): V[] | undefined {
    if (this.pending.size === 0) return undefined
    const values = [...this.pending.values()]
    this.pending.clear()
    if (this.dropped) {
      this.log.warn(
        { dropped: this.dropped },
        `too many ${this.options.what} at once; some were not recorded`,
      )
      this.dropped = 0
    }
    return values
  }
}
