// The bounded pool of worker threads that does every document's heavy work (decision 034):
// inspecting uploads, stamping watermarks, rendering Markdown. The thread that answers requests
// only hands a job over and awaits its answer. Each job has a time limit (queue wait included:
// it bounds how long a request waits) and each worker a heap limit; the queue is bounded. A job
// over a limit fails alone, with DocumentJobFailed naming the limit; the worker it ran on is
// replaced and the process goes on.
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { childEntry } from '../../process-entry.server.ts'
import { DocumentRejected } from '../rejected.server.ts'
import type { PreparedDocument } from '../validate.server.ts'
import type { WatermarkText } from '../watermark.server.ts'
import type { DocumentJob, DocumentJobResult, StampInput } from './document-worker.server.ts'

/** Threads at most: documents must never take every core from the pages. */
export const DOCUMENT_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1))
/** A job's time limit, its wait in the queue included. */
export const DOCUMENT_JOB_TIMEOUT_MS = 20_000
/** A worker's heap (old generation), in MB: a 25 MiB PDF parses well within it. */
export const DOCUMENT_JOB_HEAP_MB = 192
/** Jobs waiting for a thread; past this a job is refused at once. */
export const DOCUMENT_JOB_QUEUE = 32
/** A second worker is stopped after this long idle (its memory returned); the first stays. */
const IDLE_MS = 60_000

export type JobLimit = 'time' | 'memory' | 'queue' | 'failure'

/** A job that could not finish: over its time or memory limit, refused by a full queue, or failed. */
export class DocumentJobFailed extends Error {
  constructor(
    readonly limit: JobLimit,
    readonly detail: string,
  ) {
    super(`document job failed (${detail})`)
  }
}

export interface JobLimits {
  timeoutMs: number
  heapMb: number
  queue: number
  threads: number
  /**
   * The threads run below normal priority (worker-priority.server.ts): in the server, where the
   * request thread must win the core; not in a CLI, where the upload is the only work.
   */
  yieldToRequests?: boolean
}

export const DEFAULT_JOB_LIMITS: JobLimits = {
  timeoutMs: DOCUMENT_JOB_TIMEOUT_MS,
  heapMb: DOCUMENT_JOB_HEAP_MB,
  queue: DOCUMENT_JOB_QUEUE,
  threads: DOCUMENT_WORKERS,
}

/** What the worker learns from its pool (Piscina's workerData). */
export interface DocumentWorkerData {
  yieldToRequests: boolean
}

function failure(error: unknown, limits: JobLimits): DocumentJobFailed {
  const err = error as { name?: string; code?: string; message?: string }
  if (err?.name === 'AbortError') return new DocumentJobFailed('time', `time limit ${limits.timeoutMs} ms`)
  if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new DocumentJobFailed('memory', `memory limit ${limits.heapMb} MB`)
  }
  return new DocumentJobFailed('failure', err?.message ?? String(error))
}

export class DocumentJobs {
  private readonly pool: Piscina<DocumentJob, DocumentJobResult>
  /** Jobs running or waiting: past threads + queue, a job is refused at once. */
  private inFlight = 0

  constructor(readonly limits: JobLimits = DEFAULT_JOB_LIMITS) {
    this.pool = new Piscina({
      filename: childEntry(import.meta.url, './document-worker.server.ts', 'document-worker'),
      // One worker stays once the pool exists (it is made on first use): starting one takes a while.
      minThreads: 1,
      maxThreads: limits.threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
      workerData: { yieldToRequests: limits.yieldToRequests ?? false } satisfies DocumentWorkerData,
    })
    // A worker that dies outside a job (out of memory while starting) is replaced by the pool;
    // unheard, Piscina's 'error' event would end the process.
    this.pool.on('error', (error: Error) => {
      this.lastWorkerError = error
    })
  }

  /** The last error of a worker outside any job, for the logs of whoever asks. */
  lastWorkerError: Error | undefined

  private async run(job: DocumentJob): Promise<DocumentJobResult> {
    if (this.inFlight >= this.limits.threads + this.limits.queue) {
      throw new DocumentJobFailed('queue', `queue limit ${this.limits.queue} jobs`)
    }
    this.inFlight += 1
    try {
      // Bytes are copied to the worker, not transferred: the caller may still hold them.
      const result = await this.pool.run(job, { signal: AbortSignal.timeout(this.limits.timeoutMs) })
      if (result.task === 'rejected') throw new DocumentRejected(result.message)
      return result
    } catch (error) {
      if (error instanceof DocumentRejected) throw error
      throw failure(error, this.limits)
    } finally {
      this.inFlight -= 1
    }
  }

  /** An upload checked and made ready to store (DocumentRejected says why not). */
  async inspect(
    bytes: Uint8Array,
    fileName: string,
    maxBytes: number,
    maxPages: number,
  ): Promise<PreparedDocument> {
    const result = await this.run({ task: 'inspect', bytes, fileName, maxBytes, maxPages })
    if (result.task !== 'inspect') throw new DocumentJobFailed('failure', `unexpected ${result.task}`)
    return { ...result.prepared, bytes: Buffer.from(result.prepared.bytes) }
  }

  /**
   * Writes the PDF open at `input` with this viewer's watermark on every page to `output`, a new
   * file; its size. The caller keeps `input` open until this settles.
   */
  async stamp(input: StampInput, output: string, text: WatermarkText): Promise<number> {
    const result = await this.run({ task: 'stamp', input, output, text })
    if (result.task !== 'stamp') throw new DocumentJobFailed('failure', `unexpected ${result.task}`)
    return result.size
  }

  /** Markdown rendered to HTML (for versions stored before their HTML was kept). */
  async render(text: string): Promise<{ html: string; words: number }> {
    const result = await this.run({ task: 'render', text })
    if (result.task !== 'render') throw new DocumentJobFailed('failure', `unexpected ${result.task}`)
    return result
  }

  close(): Promise<void> {
    return this.pool.close({ force: true })
  }
}

let shared: DocumentJobs | undefined
let sharedLimits = DEFAULT_JOB_LIMITS

/** The process's one pool, started on first use (a CLI that adds no document starts none). */
export function documentJobs(): DocumentJobs {
  shared ??= new DocumentJobs(sharedLimits)
  return shared
}

/** The server's pool yields the CPU to the request thread (called before its first job). */
export function yieldDocumentJobsToRequests(): void {
  sharedLimits = { ...DEFAULT_JOB_LIMITS, yieldToRequests: true }
}

/** Stops the shared pool (the app's close, a CLI's end). */
export async function closeDocumentJobs(): Promise<void> {
  const pool = shared
  shared = undefined
  await pool?.close()
}
