// The worker's side of process-pool.server.ts: one job at a time from the parent, its answer sent
// back. Whatever the job throws is answered as its message (an Error's class does not cross
// processes); the process itself ends only when V8 or the parent ends it.
import type { WorkerAnswer } from './process-pool.server.ts'

/** Answers the parent's jobs with `run`; ends this process when the parent goes away. */
export function serveJobs<Input, Result>(run: (input: Input) => Promise<Result>): void {
  const send = (answer: WorkerAnswer<Result> | 'ready') => process.send?.(answer)
  process.on('message', (input: Input) => {
    run(input).then(
      (result) => send({ result }),
      (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
    )
  })
  process.on('disconnect', () => process.exit(0))
  send('ready')
}
