// `node --import tsx scripts/bench/lighthouse-console.ts`: Lighthouse 12 (mobile preset, simulated
// throttling) on the admin console's overview and a document's engagement page, signed in as an
// owner, on the production server with a fresh data dir. An owner is added and signed in with the
// link `rm5 admins link` prints; a three-page PDF is added with `rm5 documents add`. Prints the
// performance and accessibility scores per page (medians of --runs). A benchmark: asserts nothing.
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { consoleOwnerCookie, consolePages } from './console-session.ts'
import { printLighthouseDetails } from './lighthouse-details.ts'
import { median } from './median.ts'
import { ensureBuild, startSite } from './server.ts'

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, details: { type: 'boolean' } },
})
const runs = Number(args.runs)

await ensureBuild()
const site = await startSite()
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})
try {
  const cookie = await consoleOwnerCookie(site)
  for (const { path: page, label } of await consolePages(site)) {
    const scores: { performance: number; accessibility: number }[] = []
    for (let run = 0; run < runs; run++) {
      const lhr = (
        await lighthouse(`${site.url}${page}`, {
          port: chrome.port,
          onlyCategories: ['performance', 'accessibility'],
          logLevel: 'error',
          extraHeaders: { Cookie: cookie },
        })
      )?.lhr
      if (!lhr || lhr.runtimeError) throw new Error(`${page}: ${lhr?.runtimeError?.message ?? 'no result'}`)
      scores.push({
        performance: lhr.categories.performance?.score ?? 0,
        accessibility: lhr.categories.accessibility?.score ?? 0,
      })
      const failing = Object.values(lhr.audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      )
      const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0)
      console.log(
        `${label} run ${run + 1}: performance ${lhr.categories.performance?.score}, FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, CLS ${lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3)}, SI ${ms('speed-index')} ms`,
      )
      if (args.details) printLighthouseDetails(lhr)
      if (failing.length) console.log(`${page} run ${run + 1} fails: ${failing.map((a) => a.id).join(', ')}`)
    }
    console.log(
      `${label}: performance ${median(scores.map((s) => s.performance))}, accessibility ${median(scores.map((s) => s.accessibility))} (median of ${runs})`,
    )
  }
} finally {
  await chrome.kill()
  await site.stop()
}
