// One way to give up waiting on a promise that takes no AbortSignal (S3 calls, Prisma's
// connect, health pings): reject after `ms`, clearing the timer either way.

export class TimeoutError extends Error {}

export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  makeError: (message: string) => Error = (message) => new TimeoutError(message),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(makeError(`${what} timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
