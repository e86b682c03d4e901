// A promise a test resolves from outside: a request held open until the test releases it, or a
// moment a hook reports.
export interface Deferred {
  promise: Promise<void>
  resolve: () => void
}

export function deferred(): Deferred {
  let resolve!: () => void
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}
