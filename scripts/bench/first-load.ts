// First-load JavaScript as a browser fetches it: Chromium opens each page in a fresh context (an
// empty cache), waits for the load event and then for the network to be idle (the app's scripts
// may start after the load event), and sums the encoded (transferred) body sizes of every
// JavaScript response. The requests accept gzip only: the targets are stated in gzip bytes.
import { type Browser, chromium, type Request } from '@playwright/test'

export interface FirstLoad {
  page: string
  files: number
  gzipKb: number
  /** Encodings the JavaScript arrived in (gzip, or identity where the build kept no .gz). */
  encodings: string[]
  /** Heavy libraries that must load only where used. */
  heavy: string[]
}

// Strings only these libraries ship: hls.js's config keys, lottie-web's former name.
const markers: Record<string, RegExp> = {
  'hls.js': /manifestLoadingTimeOut|fragLoadingTimeOut/,
  lottie: /bodymovin/,
}

/** First-load JS targets in KB gzip; pages not listed have none. */
const targets: Record<string, number> = {
  '/': 90,
  '/company': 5,
  '/experience': 5,
  '/privacy': 5,
  '/terms': 5,
  '/apply': 100,
  '/contact': 100,
  // The console, signed in (issue 36): one small script, no React.
  '/admin': 60,
  '/admin/documents/:id/engagement': 60,
}

export function targetOf(page: string): number | undefined {
  return targets[page]
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

interface Script {
  bytes: number
  encoding: string
  heavy: string[]
}

/** A finished request's script, or undefined when it was not JavaScript. */
async function scriptOf(request: Request): Promise<Script | undefined> {
  const response = await request.response()
  if (!response?.headers()['content-type']?.includes('javascript')) return undefined
  const [sizes, body] = await Promise.all([request.sizes(), response.body()])
  const text = body.toString('utf8')
  return {
    bytes: sizes.responseBodySize,
    encoding: response.headers()['content-encoding'] ?? 'identity',
    heavy: Object.keys(markers).filter((name) => markers[name]?.test(text)),
  }
}

async function firstLoadOf(
  browser: Browser,
  baseUrl: string,
  page: string,
  cookie: string | undefined,
): Promise<FirstLoad> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
  })
  try {
    const tab = await context.newPage()
    const scripts: Promise<Script | undefined>[] = []
    const onFinished = (request: Request) => {
      const script = scriptOf(request)
      // Handled here so a failure before Promise.all below cannot end the process before the
      // bench stops its server and nginx; Promise.all still reports it.
      script.catch(() => {})
      scripts.push(script)
    }
    tab.on('requestfinished', onFinished)
    await tab.goto(`${baseUrl}${page}`, { waitUntil: 'load' })
    await tab.waitForLoadState('networkidle')
    // A request finishing from here on is not in the figure, and must not read a closed context.
    tab.off('requestfinished', onFinished)
    const found = (await Promise.all(scripts)).filter((s) => s !== undefined)
    const bytes = found.reduce((sum, s) => sum + s.bytes, 0)
    return {
      page,
      files: found.length,
      gzipKb: Math.round(bytes / 102.4) / 10,
      encodings: [...new Set(found.map((s) => s.encoding))],
      heavy: [...new Set(found.flatMap((s) => s.heavy))],
    }
  } finally {
    await context.close()
  }
}

/** Every page's first load, one after another in one Chromium; with `cookie` (name=value) on every request when given. */
export async function firstLoadOfSite(
  baseUrl: string,
  pages: readonly string[],
  cookie?: string,
): Promise<FirstLoad[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  try {
    const loads: FirstLoad[] = []
    for (const page of pages) loads.push(await firstLoadOf(browser, baseUrl, page, cookie))
    return loads
  } finally {
    await browser.close()
  }
}
