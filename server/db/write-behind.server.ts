// Rows that must not cost a database write on the request that produced them: kept in memory
// (merged per key where the caller can, e.g. a count), written together every few seconds, early
// when many keys are waiting, and on close (so a graceful shutdown loses nothing). One write at a
// time: while it runs, new rows keep merging in memory instead of queueing writes behind it, so
// a database slower than the traffic costs neither unbounded memory nor a pile of writes. Past
// twice the key limit, rows with new keys are dropped (and counted in the log) until the write
// in progress ends.
export interface WriteBehindLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export class WriteBehind<V> {
  private pending = new Map<unknown, V>()
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> | undefined
  private dropped = 0

  constructor(
    private readonly write: (values: V[]) => Promise<unknown>,
    private readonly log: WriteBehindLog,
    private readonly options: { flushMs: number; maxKeys: number; what: string },
  ) {}

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
    if (this.pending.size >= this.options.maxKeys && !this.writing) void this.flush()
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref()
  }

  /** Writes what is waiting; resolves once everything put before the call is written. */
  async flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    // One write at a time: what arrived meanwhile goes in the next one.
    while (this.writing) await this.writing
    if (this.pending.size === 0) return
    const values = [...this.pending.values()]
    this.pending.clear()
    if (this.dropped) {
      this.log.warn(
        { dropped: this.dropped },
        `too many ${this.options.what} at once; some were not recorded`,
      )
      this.dropped = 0
    }
    this.writing = this.write(values).then(
      () => {},
      (err) => this.log.error({ err, rows: values.length }, `could not record ${this.options.what}`),
    )
    try {
      await this.writing
    } finally {
      this.writing = undefined
    }
    // Rows that came in while writing wait for their timer, or for the next flush.
    if (this.pending.size > 0)
      this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref()
  }
}
