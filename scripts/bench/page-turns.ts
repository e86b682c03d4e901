// Every pre-rendered page against nginx twice: identity (no Accept-Encoding) and compressed (what
// browsers send), in the same rounds so the two ratios are measured side by side in time.
import type autocannon from 'autocannon'
import { type Running, rssMb } from './server'
import { type Contender, type Measured, ratioOf, type Turns, takeTurns } from './turns'

/** What the requests of each comparison send; nginx answers `br, gzip` with the same `.br` file. */
export const ENCODINGS: readonly { name: string; headers: Record<string, string> }[] = [
  { name: 'identity', headers: {} },
  { name: 'br, gzip', headers: { 'accept-encoding': 'br, gzip' } },
]

export interface PageRow {
  route: string
  /** Per encoding name: the server's figures and its ratio to nginx, if nginx ran. */
  byEncoding: Record<string, { server: Measured; nginx?: Measured; ratio?: string }>
  rss?: number
}

type Target = Pick<Running, 'url' | 'pid'>

/**
 * One page's turns. /docket renders the home page behind a grant: it takes its turns with `/`
 * and is compared with nginx's `/`.
 */
async function comparePage(
  page: string,
  site: Target,
  nginx: Target | undefined,
  cookie: string,
  turns: Turns,
): Promise<PageRow[]> {
  const routes: { route: string; url: string; headers: Record<string, string> }[] = [
    { route: page, url: `${site.url}${page}`, headers: {} },
  ]
  if (page === '/') routes.push({ route: '/docket (grant)', url: `${site.url}/docket`, headers: { cookie } })
  const contenders: Contender[] = []
  for (const { name, headers: accept } of ENCODINGS) {
    const options = (url: string, headers: Record<string, string>): autocannon.Options => ({
      url,
      headers: { ...headers, ...accept },
    })
    if (nginx)
      contenders.push({
        route: page,
        target: 'nginx',
        encoding: name,
        options: options(`${nginx.url}${page}`, {}),
      })
    for (const { route, url, headers } of routes)
      contenders.push({ route, target: 'server', encoding: name, options: options(url, headers) })
  }
  const measured = await takeTurns(contenders, turns)
  const rss = rssMb(site.pid)
  return routes.map(({ route }) => {
    const byEncoding: PageRow['byEncoding'] = {}
    for (const { name } of ENCODINGS) {
      const server = measured.find((m) => m.target === 'server' && m.route === route && m.encoding === name)
      const reference = measured.find((m) => m.target === 'nginx' && m.encoding === name)
      if (!server) continue
      const ratio = reference && `${ratioOf(server.rounds, reference.rounds)}${route === page ? '' : ' of /'}`
      byEncoding[name] = { server, nginx: reference, ratio }
    }
    return { route, byEncoding, rss }
  })
}

export async function comparePages(
  pages: readonly string[],
  site: Target,
  nginx: Target | undefined,
  cookie: string,
  turns: Turns,
): Promise<PageRow[]> {
  const rows: PageRow[] = []
  for (const page of pages) rows.push(...(await comparePage(page, site, nginx, cookie, turns)))
  return rows
}

/** One table row per route: both encodings' req/s and latency, and both ratios. */
export function pageTableRow(row: PageRow): Record<string, unknown> {
  const [identity, compressed] = ENCODINGS.map(({ name }) => row.byEncoding[name])
  const latency = (m?: Measured) => (m ? `${m.p50} / ${m.p99}` : '')
  const non2xx = Object.values(row.byEncoding).reduce((sum, e) => sum + e.server.non2xx, 0)
  return {
    route: row.route,
    'server req/s': identity?.server.rps ?? '',
    'nginx req/s': identity?.nginx?.rps ?? '',
    'p50 / p99 ms': latency(identity?.server),
    'identity ratio': identity?.ratio ?? '',
    'server req/s br': compressed?.server.rps ?? '',
    'nginx req/s br': compressed?.nginx?.rps ?? '',
    'p50 / p99 ms br': latency(compressed?.server),
    'compressed ratio': compressed?.ratio ?? '',
    'non-2xx': non2xx,
    'RSS MB': row.rss ?? '',
  }
}
