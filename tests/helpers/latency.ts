// Small timing helpers for the load and fault tests: each test prints its figures with
// console.log so CI output shows them.

/** The p-th percentile (0–100) of `values`, nearest rank; 0 for an empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] as number
}

export function summary(values: number[]): string {
  if (values.length === 0) return 'n=0'
  const ms = (n: number) => `${n.toFixed(1)} ms`
  return `n=${values.length} p50=${ms(percentile(values, 50))} p95=${ms(percentile(values, 95))} max=${ms(Math.max(...values))}`
}

/** Runs `task` for each item with at most `limit` running at once; results in input order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Milliseconds `fn` took, and its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await fn()
  return { ms: performance.now() - started, value }
}
