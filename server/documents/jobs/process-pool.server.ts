// A bounded pool of child processes, each running one job at a time (decision 034). Each job has
// a time limit from the moment it is queued; a job still waiting when it runs out is dropped, a
// running one ends its process. A process that ends under a job fails that job with how it ended;
// the next job gets a new process. Jobs and answers cross Node's IPC channel as structured clones.
//
// Why not a pool library: Tinypool, Piscina's fork with a child-process runtime, pipes every
// worker's stderr into ours (V8's out-of-memory report lands in a CLI's one-line answer and in the
// server's JSON log) and reports every end of a worker as the same error, so a job over its heap
// limit cannot be told from a crash; workerpool tells the end only inside an error's text.
import { type ChildProcess, fork, type Serializable } from 'node:child_process'
import type { Socket } from 'node:net'
import { setPriority } from 'node:os'

export interface ProcessPoolOptions {
  /** The worker's entry module (see process-pool-worker.server.ts for its side). */
  entry: string
  execArgv: string[]
  env: NodeJS.ProcessEnv
  /** Processes at most. */
  size: number
  /** A process beyond the first ends after this long without a job. */
  idleMs: number
  /**
   * The priority a process starts at (os.setPriority, set on it as soon as it exists, so that the
   * threads it starts inherit it); none: the parent's.
   */
  priority?: number
}

/** How a job failed: its time limit, its process's end (by signal or exit code), or its own error. */
export type JobFailure =
  | { kind: 'time' }
  | { kind: 'ended'; signal: NodeJS.Signals | null; code: number | null; stderr: string }
  | { kind: 'error'; message: string }
  | { kind: 'closed' }

export class JobFailedError extends Error {
  constructor(readonly failure: JobFailure) {
    super(`job failed: ${failure.kind}`)
  }
}

/** What the worker answers for a job (process-pool-worker.server.ts). */
export type WorkerAnswer<Result> = { result: Result } | { error: string }

interface Job<Input, Result> {
  input: Input
  resolve: (result: Result) => void
  reject: (error: JobFailedError) => void
  timer: NodeJS.Timeout
  worker?: Worker<Input, Result>
}

interface Worker<Input, Result> {
  child: ChildProcess
  ready: boolean
  job?: Job<Input, Result>
  idle?: NodeJS.Timeout
  /** The end of its stderr, for a failure's detail. */
  stderr: string
}

/** The stderr kept per process: enough for the last error's message. */
const STDERR_TAIL = 2048

/**
 * Whether a worker keeps this process running: only while it has a job (a job's timer does too),
 * so that a CLI that is done ends even while its pool's processes wait for more.
 */
function holdsProcessOpen(child: ChildProcess, hold: boolean): void {
  // A child's piped stderr is a socket (typed as a plain stream).
  for (const handle of [child, child.channel, child.stderr as Socket | null]) {
    if (hold) handle?.ref()
    else handle?.unref()
  }
}

export class ProcessPool<Input extends Serializable, Result> {
  private readonly workers = new Set<Worker<Input, Result>>()
  private readonly queue: Job<Input, Result>[] = []
  private closed = false

  constructor(private readonly options: ProcessPoolOptions) {}

  /** Jobs waiting for a free process. */
  get waiting(): number {
    return this.queue.length
  }

  /** Runs `input` on the first free process; fails with JobFailedError. */
  run(input: Input, timeoutMs: number): Promise<Result> {
    if (this.closed) return Promise.reject(new JobFailedError({ kind: 'closed' }))
    return new Promise<Result>((resolve, reject) => {
      const job: Job<Input, Result> = { input, resolve, reject, timer: undefined as never }
      job.timer = setTimeout(() => this.timeOut(job), timeoutMs)
      this.queue.push(job)
      this.dispatch()
    })
  }

  /** Ends every process; jobs still waiting or running fail as `closed`. */
  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) this.fail(job, { kind: 'closed' })
    const ended = [...this.workers].map((worker) => {
      if (worker.job) this.fail(worker.job, { kind: 'closed' })
      worker.job = undefined
      return this.end(worker)
    })
    await Promise.all(ended)
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const free = [...this.workers].find((worker) => worker.ready && !worker.job)
      if (!free) {
        const starting = [...this.workers].some((worker) => !worker.ready)
        if (!starting && this.workers.size < this.options.size) this.start()
        return
      }
      const job = this.queue.shift() as Job<Input, Result>
      clearTimeout(free.idle)
      free.job = job
      job.worker = free
      holdsProcessOpen(free.child, true)
      free.child.send(job.input)
    }
  }

  private start(): void {
    const child = fork(this.options.entry, [], {
      execArgv: this.options.execArgv,
      env: this.options.env,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    const worker: Worker<Input, Result> = { child, ready: false, stderr: '' }
    this.workers.add(worker)
    holdsProcessOpen(child, false)
    if (this.options.priority !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, this.options.priority)
      } catch {
        // Ended already: its 'exit' follows.
      }
    }
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (text: string) => {
      worker.stderr = (worker.stderr + text).slice(-STDERR_TAIL)
    })
    child.on('message', (message: 'ready' | WorkerAnswer<Result>) => {
      if (message === 'ready') {
        worker.ready = true
      } else {
        const job = worker.job
        worker.job = undefined
        holdsProcessOpen(child, false)
        if (job) {
          clearTimeout(job.timer)
          if ('result' in message) job.resolve(message.result)
          else job.reject(new JobFailedError({ kind: 'error', message: message.error }))
        }
        this.idleLater(worker)
      }
      this.dispatch()
    })
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      this.workers.delete(worker)
      clearTimeout(worker.idle)
      const failure: JobFailure = { kind: 'ended', signal, code, stderr: worker.stderr.trim() }
      const job = worker.job
      worker.job = undefined
      if (job) this.fail(job, failure)
      // A process that ends before it could take a job (its entry cannot load) would end again:
      // the jobs waiting for it fail as it did, rather than start process after process.
      if (!worker.ready) for (const waiting of this.queue.splice(0)) this.fail(waiting, failure)
      // Jobs waiting for this process go to another one (a new one if need be).
      if (!this.closed) this.dispatch()
    }
    child.on('exit', ended)
    // An 'error': the process could not start (no 'exit' follows), or a message could not be sent
    // to it (it is ended: its 'exit' follows).
    child.on('error', (error) => {
      worker.stderr = `${worker.stderr}\n${error.message}`.slice(-STDERR_TAIL)
      if (child.pid === undefined) ended(null, null)
      else child.kill('SIGKILL')
    })
  }

  /** A process beyond the first ends once it has waited `idleMs` for a job. */
  private idleLater(worker: Worker<Input, Result>): void {
    if (this.workers.size <= 1) return
    worker.idle = setTimeout(() => {
      if (!worker.job && this.workers.size > 1) void this.end(worker)
    }, this.options.idleMs)
    worker.idle.unref()
  }

  private timeOut(job: Job<Input, Result>): void {
    const waiting = this.queue.indexOf(job)
    if (waiting >= 0) this.queue.splice(waiting, 1)
    const worker = job.worker
    this.fail(job, { kind: 'time' })
    // The job's process is still at it: end it; jobs waiting get another.
    if (worker?.job === job) {
      worker.job = undefined
      void this.end(worker)
      this.dispatch()
    }
  }

  private fail(job: Job<Input, Result>, failure: JobFailure): void {
    clearTimeout(job.timer)
    job.reject(new JobFailedError(failure))
  }

  private end(worker: Worker<Input, Result>): Promise<void> {
    this.workers.delete(worker)
    const { child } = worker
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
    return new Promise((resolve) => {
      child.once('exit', () => resolve())
      // Held until it has ended: with nothing else left to do, an idle worker's unref'd handles
      // would let this process stop before the end it awaits (a CLI's or a script's close).
      holdsProcessOpen(child, true)
      child.kill('SIGKILL')
    })
  }
}
