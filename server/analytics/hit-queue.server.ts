// The bounded queue between a counted request and the database (decision 065). A hit waits in
// memory; the queue is written once a second, or as soon as a batch is full if the last write
// began a second ago or more, one write at a time. So the database gets at most one batch a
// second whatever the traffic: past a full batch waiting, hits are dropped and counted (an
// overload says so in a metric instead of slowing pages or growing memory). On close the caller
// flushes what waits.
import { SerialWriter } from '../db/serial-writer.server.ts'

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
  private readonly writer: SerialWriter<T[]>

  constructor(private readonly options: HitQueueOptions<T>) {
    this.writer = new SerialWriter({
      flushMs: options.flushMs,
      take: () => {
        if (this.waiting.length === 0) return undefined
        const batch = this.waiting
        this.waiting = []
        return batch
      },
      write: (batch) => options.write(batch).catch((error) => options.onError(error, batch.length)),
      waiting: () => this.waiting.length > 0,
    })
  }

  /**
   * Whether one more hit can wait; when it cannot, the hit is counted as dropped here, so the
   * caller builds nothing for it.
   */
  admit(): boolean {
    if (this.waiting.length < this.options.maxBatch) return true
    this.options.onDrop()
    return false
  }

  push(hit: T): void {
    if (!this.admit()) return
    this.waiting.push(hit)
    const rested = performance.now() - this.writer.lastStart >= this.options.flushMs
    if (this.waiting.length >= this.options.maxBatch && !this.writer.busy && rested) void this.flush()
    else this.writer.later()
  }

  /** Writes what waits; resolves once everything pushed before the call is written. */
  flush(): Promise<void> {
    return this.writer.flush()
  }
}
