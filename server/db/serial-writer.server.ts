// What the in-memory write buffers share (analytics/hit-queue.server.ts, write-behind.server.ts):
// one write at a time, a timer that writes what waits within flushMs, and a flush that resolves
// once everything waiting before it is written. They differ in what waits (a list, rows merged per
// key) and in what they refuse when too much does.
export interface SerialWriterOptions<Batch> {
  /** Takes everything waiting, or undefined when nothing does. */
  take(): Batch | undefined
  /** Writes a batch; it reports its own failure and never rejects. */
  write(batch: Batch): Promise<void>
  /** True while something waits. */
  waiting(): boolean
  flushMs: number
}

export class SerialWriter<Batch> {
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> | undefined
  /** When the last write began (performance.now()). */
  lastStart = Number.NEGATIVE_INFINITY

  constructor(private readonly options: SerialWriterOptions<Batch>) {}

  get busy(): boolean {
    return this.writing !== undefined
  }

  /** Writes what waits within flushMs, unless a write is already due. */
  later(): void {
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref()
  }

  /** Writes what waits; resolves once everything waiting before the call is written. */
  async flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    // One write at a time: what arrives meanwhile goes in the next one.
    while (this.writing) await this.writing
    const batch = this.options.take()
    if (batch === undefined) return
    this.lastStart = performance.now()
    this.writing = this.options.write(batch)
    try {
      await this.writing
    } finally {
      this.writing = undefined
    }
    // What came in while writing waits for its timer, or for the next flush.
    if (this.options.waiting()) this.later()
  }
}
