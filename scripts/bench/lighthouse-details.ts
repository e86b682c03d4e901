// What limits a page's Lighthouse score, for `npm run bench:lighthouse -- --details`: the LCP
// element, the time spent in each LCP phase and the requests that block the first render.
import type { Result } from 'lighthouse'

interface Item {
  [key: string]: unknown
}

function tableItems(lhr: Result, auditId: string): Item[] {
  const details = lhr.audits[auditId]?.details as { type?: string; items?: unknown[] } | undefined
  if (!details?.items) return []
  // Some audits nest their tables in a list of sub-tables.
  if (details.type === 'list')
    return details.items.flatMap((sub) => ((sub as { items?: Item[] }).items ?? []) as Item[])
  return details.items as Item[]
}

export function printLighthouseDetails(lhr: Result): void {
  // What the unthrottled page load did; the simulation keeps only work that came before these.
  const observed = tableItems(lhr, 'metrics')[0]
  if (observed)
    console.log(
      `  observed: FCP ${Math.round(Number(observed.observedFirstContentfulPaint))} ms, LCP ${Math.round(Number(observed.observedLargestContentfulPaint))} ms`,
    )
  // What the simulation estimated: only work after FCP counts toward TBT.
  const ms = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? 0))
  console.log(
    `  simulated: FCP ${ms('first-contentful-paint')} ms, SI ${ms('speed-index')} ms, TTI ${ms('interactive')} ms; DOM ${ms('dom-size')} elements`,
  )
  for (const item of tableItems(lhr, 'largest-contentful-paint-element')) {
    const node = item.node as { snippet?: string } | undefined
    if (node?.snippet) console.log(`  LCP element: ${node.snippet.slice(0, 160)}`)
    if (typeof item.phase === 'string')
      console.log(`  LCP ${item.phase}: ${Math.round(Number(item.timing))} ms`)
  }
  const blocking = tableItems(lhr, 'render-blocking-insight')
  for (const item of blocking)
    console.log(`  render-blocking: ${String(item.url)} (${Math.round(Number(item.wastedMs ?? 0))} ms)`)
  for (const task of tableItems(lhr, 'long-tasks'))
    console.log(
      `  long task: ${Math.round(Number(task.startTime))} ms +${Math.round(Number(task.duration))} ms ${String(task.url).replace(/^https?:\/\/[^/]+/, '')}`,
    )
  const requests = tableItems(lhr, 'network-requests')
  if (process.env.LH_REQUESTS)
    for (const r of requests)
      console.log(
        `    ${Math.round(Number(r.networkRequestTime ?? 0))}–${Math.round(Number(r.networkEndTime ?? 0))} ms ${Math.round(Number(r.transferSize ?? 0) / 1024)} KB ${String(r.priority ?? '')} ${String(r.url).replace(/^https?:\/\/[^/]+/, '')}`,
      )
  console.log(
    `  requests: ${requests.length}, transferred ${Math.round(requests.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0) / 1024)} KB`,
  )
}
