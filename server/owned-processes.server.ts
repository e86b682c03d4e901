// The servers this process started and must not leave running when it exits in a hurry. The
// embedded Postgres is detached (embedded-cluster.server.ts: Ctrl-C at a terminal must not stop
// it under a server still draining), so nothing stops it but its owner: a command that exits
// before its orderly close has reached it (a second Ctrl-C, scripts/lib/interrupt.ts) stops what
// is listed here first. Kept apart from the database modules so that the interrupt handlers,
// installed before any command loads, do not load them.

const stops = new Set<() => Promise<unknown>>()

/** Lists `stop` (stops the server, or waits for a start that gives up); call the returned function once it has stopped. */
export function ownProcess(stop: () => Promise<unknown>): () => void {
  stops.add(stop)
  return () => stops.delete(stop)
}

/** Whether a server this process started still runs, or is still being started. */
export const ownsProcesses = (): boolean => stops.size > 0

/** Stops every listed server now and resolves once each has exited; a failure is not waited on twice. */
export async function stopOwnedProcesses(): Promise<void> {
  await Promise.all([...stops].map((stop) => stop().catch(() => {})))
}
