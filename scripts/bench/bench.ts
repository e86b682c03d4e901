import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { printAnalyticsThroughput } from './analytics-throughput.ts'
import { circlekCookie, newCirclekCode, verifyP50, walmartCookie } from './api-requests.ts'
import { applicationsScript, mixedScript, verifyScript } from './api-scripts.ts'
import { startBareFastify } from './bare-fastify.ts'
import { consoleOwnerCookie, consolePages } from './console-session.ts'
import { DECK_PAGES, VIEWERS_AT_ONCE } from './document-load.ts'
import { printDocumentLoad } from './document-load-table.ts'
import { checkSameBytes } from './encoding-check.ts'
import { firstLoadOfSite, targetOf } from './first-load.ts'
import { memoryLoad, soak } from './memory-load.ts'
import { type MemoryWatch, watchMemory } from './memory-table.ts'
import { startNginx } from './nginx.ts'
import { publicPages } from './pages.ts'
import { referenceRoot } from './reference-root.ts'
import { clientBound, measure, type Rounds, TABLE_HEADER, type Target, tableRow } from './rounds.ts'
import { SAMPLE_EVERY_MS, watchPeakRss } from './rss-peak.ts'
import { ensureBuild, type Running, rssMb, startSite } from './server.ts'
import { subjects } from './subjects.ts'
import { CLIENT_BOUND, CONNECTIONS, requireWrk, THREADS, type WrkRun, wrk } from './wrk.ts'

const IDLE_SECONDS_FULL = 60

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    'throughput-only': { type: 'boolean' },
    'documents-only': { type: 'boolean' },
    'first-load-only': { type: 'boolean' },
    'memory-only': { type: 'boolean' },
    'analytics-only': { type: 'boolean' },
    soak: { type: 'boolean' },
    minutes: { type: 'string' },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    help: { type: 'boolean' },
  },
})
if (args.help) {
  console.log(`Usage: npm run bench [-- --quick] [-- --throughput-only | --documents-only | --memory-only | --soak [--minutes N]] [-- --rounds N --duration S]

Builds if stale and starts the production server (embedded Postgres/S3, temp DATA_DIR). Fetches
the site's answer for every measured path and encoding, serves those same bytes from nginx (if
installed) and from a bare Fastify, checks with curl that all three answer alike, then measures
each path with wrk (${THREADS} thread, ${CONNECTIONS} connections) in A/B rounds (site and
references alternating) and prints a Markdown table: req/s of each, site ÷ nginx and
site ÷ Fastify (medians of the rounds' ratios); then the public pages as a browser navigates to
them, on two servers with visitor analytics on and two with ANALYTICS=false. Then the API routes, server RSS (peak over the
whole run), every process's RSS and PSS idle ${IDLE_SECONDS_FULL} s after start, at the load's peak and
after it, \`/\` at rest and while ${VIEWERS_AT_ONCE} viewers open a ${DECK_PAGES}-page PDF at once (3 rounds), three memory
batches and the first-load JS Chromium fetches per page (the public ones, then the console's
overview and a document's engagement page, signed in as an owner).
Needs wrk (apt-get install wrk). docs/benchmarks.md says more.
  --quick             1 s runs, 3 rounds, short batches (a smoke run; figures not comparable)
  --throughput-only   only the table of paths (no API routes, memory or first-load JS)
  --documents-only    only \`/\` at rest and while viewers open the PDF
  --analytics-only    only the public pages as a browser navigates, analytics on and off
  --first-load-only   only the first-load JS of the public pages and the console's (no wrk needed)
  --memory-only       only the memory table: idle, under the memory load, after it (the public
                      pages, a gate's notice, the link page rendered per request, a media
                      file, the 360° frames' list)
  --soak              the memory load over and over (--minutes N, default 10): the server's RSS
                      per minute and its growth (after 3 minutes of warm-up, the second half of
                      the samples against the first), then the memory table
  --rounds N          A/B rounds per path (default 5)
  --duration S        seconds per run in a round (default 5)`)
  process.exit(0)
}

const quick = args.quick === true
/** How long the server idles after start before its idle memory is read (the figure docs/benchmarks.md compares). */
const IDLE_SECONDS = quick ? 5 : IDLE_SECONDS_FULL
/** How long after the last load the memory is read again. */
const AFTER_SECONDS = quick ? 3 : 30
const ROUNDS: Rounds = {
  warmup: quick ? 1 : 2,
  rounds: Number(args.rounds ?? (quick ? 3 : 5)),
  duration: Number(args.duration ?? (quick ? 1 : 5)),
}
const ROUTE_SECONDS = quick ? 2 : 10
const SOAK_MINUTES = Number(args.minutes ?? (quick ? 5 : 10))
if (!(SOAK_MINUTES >= 5)) {
  // Growth is read after three minutes of warm-up, in two halves of a minute at least (rss-growth.ts).
  console.error(`--minutes must be a number of at least 5, not ${args.minutes}`)
  process.exit(1)
}
const BATCH_SECONDS = quick ? 3 : 15
const DOCUMENT_LOAD = {
  seconds: quick ? 3 : 10,
  // Viewers for more waves than a run usually holds: a round that runs out of viewers early
  // measures part of its loaded run at rest (its "waves" column shows the share covered).
  waves: quick ? 2 : 5,
  rounds: quick ? 1 : 3,
  headers: { 'accept-encoding': 'br' },
}

/** The process running the embedded Postgres and S3 for a data dir (decision 008), if any. */
function embeddedServicesPid(dataDir: string | undefined): number | undefined {
  if (!dataDir) return undefined
  try {
    return (JSON.parse(readFileSync(path.join(dataDir, 'pg.json'), 'utf8')) as { pid: number }).pid
  } catch {
    return undefined
  }
}

/** The first-load JS table: every public page, then the console's pages signed in as an owner. */
async function printFirstLoad(site: Running) {
  const cookie = await consoleOwnerCookie(site)
  const admin = await consolePages(site)
  const loads = [
    ...(await firstLoadOfSite(site.url, publicPages())),
    ...(await firstLoadOfSite(
      site.url,
      admin.map((page) => page.path),
      cookie,
    )),
  ]
  const labelOf = (path: string) => admin.find((page) => page.path === path)?.label ?? path
  console.table(
    loads.map((f) => ({
      page: labelOf(f.page),
      'JS files': f.files,
      'first-load JS KB gzip': f.gzipKb,
      target: targetOf(labelOf(f.page)) === undefined ? '' : `≤ ${targetOf(labelOf(f.page))}`,
      encodings: f.encodings.join(', '),
      'hls/lottie': f.heavy.join(', ') || 'none',
    })),
  )
}

async function main() {
  if (args['first-load-only']) {
    await ensureBuild()
    const site = await startSite()
    try {
      return await printFirstLoad(site)
    } finally {
      await site.stop()
    }
  }
  requireWrk()
  await ensureBuild()
  const site = await startSite({ TRUST_PROXY: 'true' })
  const processes = watchMemory(site.pid)
  if (!args['documents-only']) {
    console.log(`Idling ${IDLE_SECONDS} s before reading the idle memory…`)
    await sleep(IDLE_SECONDS * 1000)
    processes.snapshot('idle')
    processes.startPeak()
  }
  if (args.soak) {
    try {
      await soak(site, SOAK_MINUTES, quick ? 2 : ROUNDS.duration)
      return await afterLoad(processes)
    } finally {
      processes.stop()
      await site.stop()
    }
  }
  if (args['memory-only']) {
    try {
      return await memoryOnly(site, processes)
    } finally {
      processes.stop()
      await site.stop()
    }
  }
  if (args['documents-only']) {
    try {
      return await printDocumentLoad(site, DOCUMENT_LOAD)
    } finally {
      await site.stop()
    }
  }
  const peak = watchPeakRss(site.pid)
  const cookie = await walmartCookie(site.url)
  // The guarded pages are measured with a grant for both: circlek opens the proposal and the docket.
  const code = newCirclekCode(site)
  const circlek = await circlekCookie(site.url, code)
  const list = subjects(`${cookie}; ${circlek}`)
  const reference = await referenceRoot(site.url, list)
  const nginx = await startNginx(reference.dir)
  const fastify = await startBareFastify(reference.files)
  const onSite = async (label: string, run: Omit<WrkRun, 'url' | 'duration'> & { path: string }) => {
    await wrk({ ...run, url: `${site.url}${run.path}`, duration: ROUNDS.warmup })
    const m = await wrk({ ...run, url: `${site.url}${run.path}`, duration: ROUTE_SECONDS })
    return {
      route: label,
      'req/s': m.rps,
      'p50 ms': m.p50,
      'p99 ms': m.p99,
      failed: m.failed,
      'RSS MB': rssMb(site.pid),
    }
  }
  try {
    const targets: Target[] = [
      { name: 'site', url: site.url },
      ...(nginx ? [{ name: 'nginx' as const, url: nginx.url }] : []),
      { name: 'fastify', url: fastify.url },
    ]
    console.log(
      `site ${site.url}, ${nginx ? `nginx ${nginx.url}` : 'nginx not installed (no nginx column)'}, bare Fastify ${fastify.url}`,
    )
    checkSameBytes(targets[0] as Target, targets.slice(1), list)

    console.log(
      `\nwrk -t${THREADS} -c${CONNECTIONS}; ${ROUNDS.rounds} A/B rounds of ${ROUNDS.duration} s after a ${ROUNDS.warmup} s warm-up each; req/s and latency: medians of the rounds; ratios: medians of the rounds' ratios\n`,
    )
    if (args['analytics-only']) return await printAnalyticsThroughput(targets.slice(1), ROUNDS)
    console.log(TABLE_HEADER.join('\n'))
    const bound: string[] = []
    for (const subject of list) {
      const measured = await measure(subject, targets, ROUNDS)
      console.log(tableRow(measured))
      for (const name of clientBound(measured)) bound.push(`${subject.label} (${name})`)
    }
    if (bound.length > 0)
      console.warn(
        `\nwrk's own core was ${Math.round(CLIENT_BOUND * 100)}% busy or more (marked !) for: ${bound.join(', ')}. ` +
          'There the client set the pace, so the figure is a floor of what that server can do: a ratio ' +
          'against a marked reference flatters the site, a marked site figure undersells it.',
      )
    await printAnalyticsThroughput(targets.slice(1), ROUNDS)
    if (args['throughput-only']) return

    console.table([
      await onSite('POST verify (walmart, one IP)', {
        path: '/api/access/verify',
        requestScript: verifyScript(),
      }),
      await onSite('POST applications (distinct IPs)', { path: '/', requestScript: applicationsScript() }),
    ])
    const services = embeddedServicesPid(site.env.DATA_DIR)
    if (services) console.log(`embedded Postgres + S3 process (not the server): ${rssMb(services) ?? '?'} MB`)
    const p50 = await verifyP50(site.url, code, 20)
    console.log(`correct code verification (argon2id, sequential, distinct IPs): p50 ${p50} ms`)
    await printDocumentLoad(site, DOCUMENT_LOAD)

    // Memory: three batches of mixed public + docket requests; RSS must not grow after the second.
    const memory: Record<string, unknown>[] = []
    let requests = 0
    for (let batch = 1; batch <= 3; batch++) {
      const m = await wrk({ url: site.url, duration: BATCH_SECONDS, requestScript: mixedScript(cookie) })
      requests += m.rps * BATCH_SECONDS
      memory.push({ after: `${Math.round(requests / 1000)}k requests`, 'RSS MB': rssMb(site.pid) })
    }
    console.table(memory)

    await printFirstLoad(site)
    console.log(
      `server peak RSS over the whole bench (sampled every ${SAMPLE_EVERY_MS} ms): ${peak.peak() ?? '?'} MB`,
    )
    await afterLoad(processes)
  } finally {
    peak.stop()
    processes.stop()
    await Promise.allSettled([site.stop(), nginx?.stop(), fastify.stop()])
    rmSync(reference.dir, { recursive: true, force: true })
  }
}

/** `--memory-only`: the memory load (memory-load.ts) once, as many connections as the table's runs. */
async function memoryOnly(site: Running, memory: MemoryWatch) {
  const paths = await memoryLoad(site, quick ? 2 : ROUNDS.duration)
  console.log("\nThe memory load, path by path: its rate, and the server's RSS while it ran and after it")
  console.table(paths)
  await afterLoad(memory)
}

async function afterLoad(memory: MemoryWatch) {
  memory.stop()
  await sleep(AFTER_SECONDS * 1000)
  memory.snapshot('after')
  memory.print()
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
