// The load the memory figures are read under (`--memory-only`, `--soak`): what any visitor can
// ask of the server without a grant. The public pages and a gate's no-JS notice are kept renders,
// answered from memory; the e-mailed link's page (its token in the HTML) is rendered for each
// request (React's server renderer) up to the per-client limit of such renders (SECURITY.md,
// `renderPerRequest`), then refused with 429 as any one client would be; the media come through the media cache and the 360° frames'
// list from storage. A load of kept pages alone would leave the renderer's memory out of the peak.
import { publicPages } from './pages.ts'
import { growthMb, type RssSample, WARM_UP_SECONDS } from './rss-growth.ts'
import { watchPeakRss } from './rss-peak.ts'
import type { Running } from './server.ts'
import { rssMb } from './server.ts'
import { MEDIA_PATH } from './subjects.ts'
import { wrk } from './wrk.ts'

/** A gate's answer to a wrong code without JavaScript: one of the gate's kept renders. */
export const GATE_NOTICE = '/circlek?error=invalid'

/** The e-mailed link's page, whose token any visitor may make up: a render per request (limited per client), never kept. */
export const PER_REQUEST_RENDER = `/access/link?token=${'a'.repeat(43)}&gate=circlek`

export function memoryLoadPaths(): string[] {
  return [...publicPages(), GATE_NOTICE, PER_REQUEST_RENDER, MEDIA_PATH, '/api/turntable']
}

/** What one path of the memory load did to the server's RSS. */
export interface PathMemory {
  path: string
  'req/s': number
  'peak RSS MB': number | undefined
  'RSS after MB': number | undefined
}

/**
 * Every path in turn, `seconds` each, with the bench's connections and brotli accepted; per path,
 * its rate and the server's highest RSS while it ran, so the path that sets the peak shows.
 */
export async function memoryLoad(site: Running, seconds: number): Promise<PathMemory[]> {
  const rows: PathMemory[] = []
  for (const path of memoryLoadPaths()) {
    const peak = watchPeakRss(site.pid)
    const run = await wrk({
      url: `${site.url}${path}`,
      duration: seconds,
      headers: { 'accept-encoding': 'br' },
    })
    peak.stop()
    rows.push({
      path,
      'req/s': Math.round(run.rps),
      'peak RSS MB': peak.peak(),
      'RSS after MB': rssMb(site.pid),
    })
  }
  return rows
}

/**
 * `--soak`: the memory load over and over for `minutes`, the server's RSS every few seconds; the
 * bench's memory table (idle, peak, 30 s after) follows it.
 */
export async function soak(site: Running, minutes: number, secondsPerPath: number): Promise<void> {
  const before = rssMb(site.pid)
  const samples: RssSample[] = []
  const started = performance.now()
  const elapsed = () => (performance.now() - started) / 1000
  const timer = setInterval(() => {
    const rss = rssMb(site.pid)
    if (rss !== undefined) samples.push({ at: elapsed(), rss })
  }, 2000)
  try {
    while (elapsed() < minutes * 60) await memoryLoad(site, secondsPerPath)
  } finally {
    clearInterval(timer)
  }
  const rows = []
  for (let minute = 0; minute * 60 < elapsed(); minute++) {
    const inMinute = samples.filter((s) => s.at >= minute * 60 && s.at < (minute + 1) * 60).map((s) => s.rss)
    if (inMinute.length > 0)
      rows.push({ minute: minute + 1, 'min RSS': Math.min(...inMinute), 'max RSS': Math.max(...inMinute) })
  }
  console.log(
    `\nServer RSS, MB, under ${minutes} minutes of the memory load (${memoryLoadPaths().join(' ')}); ${before ?? '?'} MB before it`,
  )
  console.table(rows)
  const growth = growthMb(samples)
  console.log(
    `growth after ${WARM_UP_SECONDS / 60} minutes of warm-up (the second half's median less the first half's): ${growth ?? '?'} MB`,
  )
}
