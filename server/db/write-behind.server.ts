// Rows that must not cost a database write on the request that produced them: kept in memory and
// written together every few seconds, early when many are waiting (so memory stays bounded), and
// on close (so a graceful shutdown loses nothing). Writes run one after another, in order.
export interface WriteBehindLog {
  error(obj: object, msg: string): void
}

export class WriteBehind<V> {
  private pending = new Map<unknown, V>()
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly write: (values: V[]) => Promise<unknown>,
    private readonly log: WriteBehindLog,
    private readonly options: { flushMs: number; maxKeys: number; what: string },
  ) {}

  /** Adds a value under `key`, or updates the one already waiting under it. */
  put(key: unknown, create: () => V, update?: (waiting: V) => void): void {
    const waiting = this.pending.get(key)
    if (waiting && update) update(waiting)
    else this.pending.set(key, create())
    if (this.pending.size >= this.options.maxKeys) void this.flush()
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref()
  }

  /** Writes what is waiting; resolves once everything put before the call is written. */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const values = [...this.pending.values()]
    this.pending.clear()
    if (values.length === 0) return this.writing
    this.writing = this.writing
      .then(() => this.write(values))
      .then(
        () => {},
        (err) => this.log.error({ err, rows: values.length }, `could not record ${this.options.what}`),
      )
    return this.writing
  }
}
