// `npm run bench:lighthouse`: Lighthouse 12, mobile preset with simulated throttling, on every
// pre-rendered public page of the production build (served by the real server, as `npm start`),
// or on the paths given: a guarded page (/docket, /circlek/proposal) is audited with a circlek
// grant, as a visitor sees it after the gate.
// Prints performance, LCP, CLS and TBT per page: the medians of --runs runs beside each run's
// score and TBT (scores move from run to run on a shared machine; targets are medians).
// A benchmark, not a test: it asserts nothing. docs/benchmarks.md says more.
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { circlekCookie, newCirclekCode } from './api-requests.ts'
import { printLighthouseDetails } from './lighthouse-details.ts'
import { median } from './median.ts'
import { publicPages } from './pages.ts'
import { ensureBuild, startSite } from './server.ts'
import { GUARDED_PAGES } from './subjects.ts'

const isGuarded = (page: string) => (GUARDED_PAGES as readonly string[]).includes(page)

const { values: args, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    details: { type: 'boolean' },
    help: { type: 'boolean' },
  },
  allowPositionals: true,
})
const runs = Number(args.runs)
if (args.help || !Number.isInteger(runs) || runs < 1) {
  console.log(`Usage: npm run bench:lighthouse [-- /path ...] [--runs N] [--details]

Runs Lighthouse (mobile, simulated throttling) against the production server on every public page,
or only the paths given (/docket and /circlek/proposal are audited with a circlek grant). Chromium from CHROME_PATH (default /usr/bin/chromium).
  --runs N    N runs per page (default 1); prints each run's score and TBT and their medians
  --details   also print, per run, the LCP element, its phases and the render-blocking requests`)
  process.exit(args.help ? 0 : 1)
}

/**
 * One Lighthouse run (default config: mobile form factor, simulated Lantern throttling). A run
 * whose trace could not be recorded (NO_NAVSTART, seen on the first page after Chromium starts,
 * about one launch in three here) is run once more: it says nothing about the page.
 */
async function audit(url: string, port: number, cookie?: string): Promise<Result | undefined> {
  let lhr: Result | undefined
  const extraHeaders = cookie ? { Cookie: cookie } : undefined
  for (let attempt = 1; attempt <= 2; attempt++) {
    lhr = (await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error', extraHeaders }))
      ?.lhr
    if (!lhr?.runtimeError) break
    if (attempt === 1) console.log(`${new URL(url).pathname}: ${lhr.runtimeError.code}, running it again`)
  }
  return lhr
}

interface Run {
  score: number
  lcpMs: number
  cls: number
  tbtMs: number
}

/** A scored run, or undefined (with the reason printed) when Lighthouse could not score the page. */
function runOf(page: string, lhr: Result | undefined): Run | undefined {
  const value = (id: string) => lhr?.audits[id]?.numericValue
  const score = lhr?.categories.performance?.score
  // A page Lighthouse could not score (e.g. NO_LCP) says why instead of printing zeros.
  const problem = lhr?.runtimeError?.message ?? lhr?.audits['largest-contentful-paint']?.errorMessage
  if (problem || typeof score !== 'number') {
    console.log(`${page}: not scored${problem ? `: ${problem}` : ''}`)
    return undefined
  }
  return {
    score,
    lcpMs: value('largest-contentful-paint') ?? 0,
    cls: value('cumulative-layout-shift') ?? 0,
    tbtMs: value('total-blocking-time') ?? 0,
  }
}

/** The page's row: medians first, then every run's score and TBT (CLS: the largest, target 0). */
function rowOf(page: string, scored: readonly Run[], attempted: number): Record<string, unknown> {
  if (scored.length === 0) return { page, scored: `0/${attempted}` }
  const of = (pick: (run: Run) => number) => median(scored.map(pick))
  return {
    page,
    'median score': Number(of((r) => r.score).toFixed(3)),
    'median TBT ms': Math.round(of((r) => r.tbtMs)),
    'median LCP s': Number((of((r) => r.lcpMs) / 1000).toFixed(2)),
    'max CLS': Number(Math.max(...scored.map((r) => r.cls)).toFixed(3)),
    scores: scored.map((r) => r.score).join(' '),
    'TBT ms': scored.map((r) => Math.round(r.tbtMs)).join(' '),
    scored: `${scored.length}/${attempted}`,
  }
}

async function main() {
  await ensureBuild()
  const only = positionals.filter((a) => a.startsWith('/'))
  const pages = only.length ? only : publicPages()
  const site = await startSite()
  const grant = pages.some(isGuarded) ? await circlekCookie(site.url, newCirclekCode(site)) : undefined
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking'],
  })
  const rows: Record<string, unknown>[] = []
  try {
    for (const page of pages) {
      const scored: Run[] = []
      for (let i = 1; i <= runs; i++) {
        const lhr = await audit(`${site.url}${page}`, chrome.port, isGuarded(page) ? grant : undefined)
        const run = runOf(page, lhr)
        if (run) scored.push(run)
        console.log(
          `${page} run ${i}/${runs} done${run ? `: score ${run.score}, TBT ${Math.round(run.tbtMs)} ms` : ''}`,
        )
        if (lhr && args.details) printLighthouseDetails(lhr)
      }
      rows.push(rowOf(page, scored, runs))
    }
    console.table(rows)
  } finally {
    await chrome.kill()
    await site.stop()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
