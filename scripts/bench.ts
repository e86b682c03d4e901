// `npm run bench`: the production server against nginx serving the same pre-rendered bytes,
// identity and compressed, measured side by side in one run (ratios, not absolute figures: these
// machines are shared), then the API routes, memory and first-load JS. How and why: docs/benchmarks.md.
// A benchmark, not a test: it asserts nothing and never runs in `npm test`.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type autocannon from 'autocannon'
import { applicationBody, ip, verifyP50, walmartCookie } from './bench/api-requests'
import { checkSameBytes } from './bench/encoding-check'
import { firstLoadOfSite, targetOf } from './bench/first-load'
import { startNginx } from './bench/nginx'
import { comparePages, ENCODINGS, pageTableRow } from './bench/page-turns'
import { publicPages } from './bench/pages'
import { SAMPLE_EVERY_MS, watchPeakRss } from './bench/rss-peak'
import { ensureBuild, rssMb, startSite } from './bench/server'
import { cannon, takeTurns } from './bench/turns'
import { root } from './build'

const { values: args } = parseArgs({ options: { quick: { type: 'boolean' }, help: { type: 'boolean' } } })
if (args.help) {
  console.log(`Usage: npm run bench [-- --quick]

Builds if stale, starts the production server (embedded Postgres/S3, temp DATA_DIR) and, if
nginx and curl are installed, nginx (dist/client with the pages as the server answers them,
.br/.gz included); checks with curl that both answer every page with the same encoding and
bytes, then runs autocannon (50 connections) and prints, per pre-rendered page, req/s, p50, p99
and the ratio to nginx without Accept-Encoding (identity) and with "br, gzip" (compressed); then
the media and API routes, server RSS (its peak over the whole run, and the embedded services'
process separately), RSS after 3 x 50k requests and the first-load JS Chromium fetches per page.
Pages: a 2 s warm-up per contender, then nginx and the server take turns, 3 rounds of 4 s each;
figures are the rounds' medians. Other routes: 2 s warm-up, 10 s. docs/benchmarks.md says more.
  --quick   1 s runs, one round and 3 x 10k requests (a smoke run; figures are not comparable)`)
  process.exit(0)
}

const quick = args.quick === true
const DURATION = quick ? 1 : 10
const PAGE_TURNS = { warmup: quick ? 1 : 2, rounds: quick ? 1 : 3, duration: quick ? 1 : 4 }
const BATCH = quick ? 10_000 : 50_000

/** The process running the embedded Postgres and S3 for a data dir (decision 008), if any. */
function embeddedServicesPid(dataDir: string | undefined): number | undefined {
  if (!dataDir) return undefined
  try {
    return (JSON.parse(readFileSync(path.join(dataDir, 'pg.json'), 'utf8')) as { pid: number }).pid
  } catch {
    return undefined
  }
}

async function main() {
  await ensureBuild()
  const site = await startSite({ TRUST_PROXY: 'true' })
  const peak = watchPeakRss(site.pid)
  const pages = publicPages()
  const nginx = await startNginx(site.url, pages)
  // Routes without a reference: one run of DURATION s after the warm-up; the server's RSS right
  // after it ran shows which load grows it.
  const onServer = async (route: string, options: autocannon.Options) => {
    const [m] = await takeTurns([{ route, target: 'server', encoding: 'identity', options }], {
      warmup: PAGE_TURNS.warmup,
      rounds: 1,
      duration: DURATION,
    })
    return {
      route,
      'req/s': m?.rps,
      'p50 ms': m?.p50,
      'p99 ms': m?.p99,
      'non-2xx': m?.non2xx,
      'RSS MB': rssMb(site.pid) ?? '',
    }
  }
  try {
    const { url } = site
    const cookie = await walmartCookie(url)
    const code = `bench-${randomUUID()}`
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/codes.ts', 'set', 'circlek', '--code', code],
      { cwd: root, env: site.env, stdio: 'ignore' },
    )
    console.log(
      `server ${url}${nginx ? `, nginx ${nginx.url}` : ', nginx or curl not installed (no ratios)'}`,
    )

    if (nginx)
      checkSameBytes(
        url,
        nginx.url,
        pages,
        ENCODINGS.map((e) => e.headers['accept-encoding']),
      )
    const pageRows = await comparePages(pages, site, nginx, cookie, PAGE_TURNS)
    console.table(pageRows.map(pageTableRow))

    const rows = [
      await onServer('/media/Heros/home.jpg', { url: `${url}/media/Heros/home.jpg` }),
      await onServer('/media/360/rm5_1.jpg', { url: `${url}/media/360/rm5_1.jpg` }),
      // The verify and applications limits stay on: 429s are counted in non-2xx, honestly.
      await onServer('POST verify (walmart, one IP)', {
        url: `${url}/api/access/verify`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ retailer: 'walmart' }),
      }),
    ]
    let n = 0
    rows.push(
      await onServer('POST applications (distinct IPs)', {
        url: `${url}/api/applications`,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              n++
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  'x-forwarded-for': ip(n),
                  'idempotency-key': `bench-${randomUUID()}`,
                },
                body: applicationBody(n),
              }
            },
          },
        ],
      }),
    )
    console.table(rows)
    console.log(`server RSS after the runs above: ${rssMb(site.pid) ?? '?'} MB`)
    const services = embeddedServicesPid(site.env.DATA_DIR)
    if (services) console.log(`embedded Postgres + S3 process (not the server): ${rssMb(services) ?? '?'} MB`)

    const p50 = await verifyP50(url, code, 20)
    console.log(`correct code verification (argon2id, sequential, distinct IPs): p50 ${p50} ms`)

    // Memory: three batches of mixed public + docket requests; RSS must not grow after the second.
    const memory: Record<string, unknown>[] = []
    for (let batch = 1; batch <= 3; batch++) {
      await cannon({
        url,
        amount: BATCH,
        requests: [{ path: '/' }, { path: '/docket', headers: { cookie } }],
      })
      memory.push({ after: `${(batch * BATCH) / 1000}k requests`, 'RSS MB': rssMb(site.pid) })
    }
    console.table(memory)

    console.table(
      (await firstLoadOfSite(url, pages)).map((f) => ({
        page: f.page,
        'JS files': f.files,
        'first-load JS KB gzip': f.gzipKb,
        target: targetOf(f.page) === undefined ? '' : `≤ ${targetOf(f.page)}`,
        encodings: f.encodings.join(', '),
        'hls/lottie': f.heavy.join(', ') || 'none',
      })),
    )
    console.log(
      `server peak RSS over the whole bench (sampled every ${SAMPLE_EVERY_MS} ms): ${peak.peak() ?? '?'} MB`,
    )
  } finally {
    peak.stop()
    await Promise.allSettled([site.stop(), nginx?.stop()])
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
