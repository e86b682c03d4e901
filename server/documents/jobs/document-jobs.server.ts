// The bounded pool of worker processes that does every document's heavy work (decision 034):
// inspecting uploads, stamping watermarks, drawing view-only pages, rendering Markdown. The thread
// that answers requests only hands a job over and awaits its answer. Each job has a time limit (queue wait included:
// it bounds how long a request waits) and each worker a heap limit; the queue is bounded. A job
// over a limit fails alone, with DocumentJobFailed naming the limit; the worker it ran on is
// replaced and the server goes on.
//
// Processes, not threads: a worker's heap, its garbage collection and V8's helper threads are its
// own, so a stamp neither shares the server's helper threads nor makes its pauses longer, and the
// whole worker can run below the server's priority.
import { channel } from 'node:diagnostics_channel'
import { availableParallelism, constants } from 'node:os'
import { type Env, envDefault } from '../../env.server.ts'
import { currentRequest, type RequestContext } from '../../http/request-context.server.ts'
import { childEntry, childExecArgv } from '../../process-entry.server.ts'
import type { DocumentLimits } from '../limits.server.ts'
import type { PageShape } from '../page-images/page-image-size.server.ts'
import { DocumentRejected } from '../rejected.server.ts'
import type { PreparedDocument } from '../validate.server.ts'
import type { WatermarkText } from '../watermark.server.ts'
import type { DocumentJob, DocumentJobResult } from './document-worker.server.ts'
import { JobFailedError, type JobFailure, ProcessPool } from './process-pool.server.ts'
import { YIELD_TO_REQUESTS_ENV } from './worker-priority.server.ts'

/** Worker processes at most: documents must never take every core from the pages. */
export const DOCUMENT_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1))
/** A worker's heap (old generation, `--max-old-space-size`), in MB: a 25 MiB PDF parses well within it. */
export const DOCUMENT_JOB_HEAP_MB = 192
/** Jobs waiting for a worker; past this a job is refused at once. */
export const DOCUMENT_JOB_QUEUE = 32
/** A second worker is ended after this long idle (its memory returned); the first stays. */
const IDLE_MS = 60_000

export type JobLimit = 'time' | 'memory' | 'queue' | 'failure'

/** What a job does: inspect an upload, stamp a PDF, render Markdown. */
export type JobKind = DocumentJob['task']
/** How a job ended: done, its file refused (rejected), or the limit it went over. */
export type JobOutcome = 'done' | 'rejected' | JobLimit

/** A job's end, as published on `documentJobEnded`. */
export interface DocumentJobEnd {
  kind: JobKind
  outcome: JobOutcome
  /** From the call to its answer, its wait in the queue included: what its caller waited. */
  seconds: number
}

/**
 * Every job's end (node:diagnostics_channel, free while nobody subscribes): the metrics count
 * them (server/metrics) without the pool, which the CLI shares, knowing of any app.
 */
export const documentJobEnded = channel('rm5:document-job-ended')

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
  workers: number
  /**
   * The workers run below normal priority (worker-priority.server.ts): in the server, where the
   * request thread must win the core; not in a CLI, where the upload is the only work.
   */
  yieldToRequests?: boolean
}

export const DEFAULT_JOB_LIMITS: JobLimits = {
  timeoutMs: envDefault('DOCUMENT_JOB_SECONDS') * 1000,
  heapMb: DOCUMENT_JOB_HEAP_MB,
  queue: DOCUMENT_JOB_QUEUE,
  workers: DOCUMENT_WORKERS,
}

/** Signals a worker ends by when its memory runs out: V8 aborts at its heap limit, the kernel kills. */
const OUT_OF_MEMORY: ReadonlySet<string> = new Set(['SIGABRT', 'SIGKILL'])

function failure(failed: JobFailure, limits: JobLimits): DocumentJobFailed {
  switch (failed.kind) {
    case 'time':
      return new DocumentJobFailed('time', `time limit ${limits.timeoutMs} ms`)
    case 'ended':
      if (failed.signal && OUT_OF_MEMORY.has(failed.signal)) {
        return new DocumentJobFailed('memory', `memory limit ${limits.heapMb} MB`)
      }
      return new DocumentJobFailed(
        'failure',
        `the worker ended (${failed.signal ?? `exit code ${failed.code}`}): ${lastLine(failed.stderr)}`,
      )
    case 'error':
      return new DocumentJobFailed('failure', failed.message)
    case 'closed':
      return new DocumentJobFailed('failure', 'the pool was closed')
  }
}

/**
 * One line per job of a request, on its logger (so with its id). A job over a limit says which
 * and how its worker ended; a refused file is the file's doing, not a fault.
 */
function logJob(request: RequestContext, end: DocumentJobEnd, error: unknown): void {
  const fields = { job: end.kind, outcome: end.outcome, ms: Math.round(end.seconds * 1000) }
  if (error instanceof DocumentJobFailed)
    request.log.warn({ ...fields, detail: error.detail }, 'document job failed')
  else if (error && !(error instanceof DocumentRejected))
    request.log.error({ ...fields, err: error }, 'document job failed')
  else request.log.info(fields, 'document job')
}

const lastLine = (text: string) => text.split('\n').filter(Boolean).pop() ?? 'nothing on stderr'

export class DocumentJobs {
  private readonly pool: ProcessPool<DocumentJob, DocumentJobResult>
  /** Jobs running or waiting: past workers + queue, a job is refused at once. */
  private inFlight = 0

  constructor(readonly limits: JobLimits = DEFAULT_JOB_LIMITS) {
    this.pool = new ProcessPool({
      entry: childEntry(import.meta.url, './document-worker.server.ts', 'document-worker'),
      size: limits.workers,
      idleMs: IDLE_MS,
      // The server's own heap cap is not the worker's: the job's limit replaces it.
      execArgv: [
        ...childExecArgv().filter((arg) => !arg.startsWith('--max-old-space-size')),
        `--max-old-space-size=${limits.heapMb}`,
      ],
      env: { ...process.env, [YIELD_TO_REQUESTS_ENV]: limits.yieldToRequests ? '1' : '0' },
      // From its first instruction (its start is work too); the worker then lowers whatever
      // thread it had started before this reached it (worker-priority.server.ts).
      priority: limits.yieldToRequests ? constants.priority.PRIORITY_BELOW_NORMAL : undefined,
    })
  }

  /** Jobs waiting for a worker process. */
  get waiting(): number {
    return this.pool.waiting
  }

  /**
   * A job, its end published and, for a request's job, logged with that request's id: the line
   * joins the request's own lines and what its worker did.
   */
  private async run(job: DocumentJob): Promise<DocumentJobResult> {
    const started = performance.now()
    const request = currentRequest()
    let outcome: JobOutcome = 'failure'
    let failed: unknown
    try {
      const result = await this.runLimited(job)
      outcome = 'done'
      return result
    } catch (error) {
      failed = error
      if (error instanceof DocumentRejected) outcome = 'rejected'
      else if (error instanceof DocumentJobFailed) outcome = error.limit
      throw error
    } finally {
      const end: DocumentJobEnd = { kind: job.task, outcome, seconds: (performance.now() - started) / 1000 }
      if (documentJobEnded.hasSubscribers) documentJobEnded.publish(end)
      if (request) logJob(request, end, failed)
    }
  }

  private async runLimited(job: DocumentJob): Promise<DocumentJobResult> {
    if (this.inFlight >= this.limits.workers + this.limits.queue) {
      throw new DocumentJobFailed('queue', `queue limit ${this.limits.queue} jobs`)
    }
    this.inFlight += 1
    try {
      const result = await this.pool.run(job, this.limits.timeoutMs)
      if (result.task === 'rejected') throw new DocumentRejected(result.message)
      return result
    } catch (error) {
      if (error instanceof JobFailedError) throw failure(error.failure, this.limits)
      throw error
    } finally {
      this.inFlight -= 1
    }
  }

  /** An upload checked and made ready to store (DocumentRejected says why not). */
  async inspect(bytes: Uint8Array, fileName: string, limits: DocumentLimits): Promise<PreparedDocument> {
    const result = await this.run({ task: 'inspect', bytes, fileName, limits })
    if (result.task !== 'inspect') throw new DocumentJobFailed('failure', `unexpected ${result.task}`)
    return { ...result.prepared, bytes: Buffer.from(result.prepared.bytes) }
  }

  /**
   * Writes the PDF at `input` with this viewer's watermark on every page to `output`, a new
   * file; its size. The caller keeps `input` until this settles.
   */
  async stamp(input: string, output: string, text: WatermarkText): Promise<number> {
    const result = await this.run({ task: 'stamp', input, output, text })
    if (result.task !== 'stamp') throw new DocumentJobFailed('failure', `unexpected ${result.task}`)
    return result.size
  }

  /** The shape of every page of the PDF at `input` (a view-only document's layout). */
  async shapes(input: string, maxPages: number): Promise<PageShape[]> {
    const result = await this.run({ task: 'shapes', input, maxPages })
    if (result.task !== 'shapes') throw new DocumentJobFailed('failure', `unexpected ${result.task}`)
    return result.shapes
  }

  /** Page `page` of the PDF at `input` drawn as a WebP picture (a view-only document's page). */
  async page(input: string, page: number): Promise<{ bytes: Buffer; width: number; height: number }> {
    const result = await this.run({ task: 'page', input, page })
    if (result.task !== 'page') throw new DocumentJobFailed('failure', `unexpected ${result.task}`)
    return {
      ...result,
      bytes: Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength),
    }
  }

  /** Markdown rendered to HTML (for versions stored before their HTML was kept). */
  async render(text: string): Promise<{ html: string; words: number }> {
    const result = await this.run({ task: 'render', text })
    if (result.task !== 'render') throw new DocumentJobFailed('failure', `unexpected ${result.task}`)
    return result
  }

  close(): Promise<void> {
    return this.pool.close()
  }
}

let shared: DocumentJobs | undefined
let sharedLimits = DEFAULT_JOB_LIMITS

/** The process's one pool, started on first use (a CLI that adds no document starts none). */
export function documentJobs(): DocumentJobs {
  shared ??= new DocumentJobs(sharedLimits)
  return shared
}

/**
 * The process's pool takes its time limit from the environment (DOCUMENT_JOB_SECONDS), and in
 * the server yields the CPU to requests. Called before the first job.
 */
export function configureDocumentJobs(
  env: Pick<Env, 'DOCUMENT_JOB_SECONDS'>,
  options: { yieldToRequests: boolean },
): void {
  sharedLimits = { ...DEFAULT_JOB_LIMITS, timeoutMs: env.DOCUMENT_JOB_SECONDS * 1000, ...options }
}

/** Jobs waiting for a worker in the process's pool (none before its first job). */
export function documentJobsWaiting(): number {
  return shared?.waiting ?? 0
}

/**
 * Stops the shared pool (the app's close, a CLI's end). A pool started after it starts with the
 * default limits, at the workers' usual priority, until it is configured again.
 */
export async function closeDocumentJobs(): Promise<void> {
  const pool = shared
  shared = undefined
  sharedLimits = DEFAULT_JOB_LIMITS
  await pool?.close()
}
