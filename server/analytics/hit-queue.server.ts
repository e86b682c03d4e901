// The bounded queue between a counted request and the database (decision 065). A hit waits in
// memory; the queue is written once a second, or as soon as a batch is full if the last write
// began a second ago or more, one write at a time. So the database gets at most one batch a
// second whatever the traffic: past a full batch waiting, hits are dropped and counted (an
// overload says so in a metric instead of slowing pages or growing memory). On close the caller
// flushes what waits.
export interface HitQueueOptions<T> {
  write(batch: T[]): Promise<void>
  onDrop(): void
  onError(error: unknown, rows: number): void
  /** The longest a hit waits, and the shortest time between two writes' starts. */
  flushMs: number
  /** Rows a write takes at most; as many waiting fill the queue. */
  maxBatch: number
}

export class HitQueue<T> {
  private waiting: T[] = []
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> | undefined
  private lastStart = Number.NEGATIVE_INFINITY

  constructor(private readonly options: HitQueueOptions<T>) {}

  push(hit: T): void {
    if (this.waiting.length >= this.options.maxBatch) {
      this.options.onDrop()
      return
    }
    this.waiting.push(hit)
    const rested = performance.now() - this.lastStart >= this.options.flushMs
    if (this.waiting.length >= this.options.maxBatch && !this.writing && rested) void this.flush()
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref()
  }

  /** Writes what waits; resolves once everything pushed before the call is written. */
  async flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    while (this.writing) await this.writing
    if (this.waiting.length === 0) return
    const batch = this.waiting
    this.waiting = []
    this.lastStart = performance.now()
    this.writing = this.options.write(batch).catch((error) => this.options.onError(error, batch.length))
    try {
      await this.writing
    } finally {
      this.writing = undefined
    }
    if (this.waiting.length > 0)
      this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref()
  }
}
