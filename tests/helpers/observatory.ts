// A header-only implementation of the Mozilla HTTP Observatory scoring (methodology of 2024:
// baseline 100; bonuses count only when the score without them is ≥ 90). Tests feed it the
// headers our server really sends, so a regression in any header shows as a lower score.
export interface ScoreLine {
  test: string
  result: string
  modifier: number
}

type Headers = Record<string, string | number | string[] | undefined>

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value)
}

function parseCsp(value: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

function cspLine(headers: Headers): ScoreLine {
  const value = header(headers, 'content-security-policy')
  if (!value) return { test: 'csp', result: 'csp-not-implemented', modifier: -25 }
  const csp = parseCsp(value)
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? []
  const styleSrc = csp.get('style-src') ?? csp.get('default-src') ?? []
  const all = [...csp.values()].flat()
  if (scriptSrc.includes("'unsafe-inline'") || scriptSrc.includes('data:') || scriptSrc.includes('*')) {
    return { test: 'csp', result: 'csp-implemented-with-unsafe-inline', modifier: -20 }
  }
  if (all.some((s) => s === 'http:' || s.startsWith('http://'))) {
    return { test: 'csp', result: 'csp-implemented-with-insecure-scheme', modifier: -20 }
  }
  if (scriptSrc.includes("'unsafe-eval'"))
    return { test: 'csp', result: 'csp-implemented-with-unsafe-eval', modifier: -10 }
  if (styleSrc.includes("'unsafe-inline'")) {
    return { test: 'csp', result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 }
  }
  const defaultNone = (csp.get('default-src') ?? []).join(' ') === "'none'"
  return defaultNone
    ? { test: 'csp', result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 }
    : { test: 'csp', result: 'csp-implemented-with-no-unsafe', modifier: 5 }
}

function cookiesLine(headers: Headers, hsts: boolean): ScoreLine {
  const raw = headers['set-cookie']
  const cookies = (Array.isArray(raw) ? raw : raw ? [String(raw)] : []).filter(Boolean)
  if (!cookies.length) return { test: 'cookies', result: 'cookies-not-found', modifier: 0 }
  const flags = cookies.map((c) => c.toLowerCase())
  const secure = flags.every((c) => /;\s*secure/.test(c))
  const httpOnly = flags.every((c) => /;\s*httponly/.test(c))
  const sameSite = flags.every((c) => /;\s*samesite=(lax|strict)/.test(c))
  if (!httpOnly) return { test: 'cookies', result: 'cookies-session-without-httponly-flag', modifier: -30 }
  if (!secure) {
    return hsts
      ? {
          test: 'cookies',
          result: 'cookies-session-without-secure-flag-but-protected-by-hsts',
          modifier: -10,
        }
      : { test: 'cookies', result: 'cookies-session-without-secure-flag', modifier: -40 }
  }
  return sameSite
    ? { test: 'cookies', result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 }
    : { test: 'cookies', result: 'cookies-secure-with-httponly-sessions', modifier: 0 }
}

function hstsLine(headers: Headers): ScoreLine {
  const value = header(headers, 'strict-transport-security')
  if (!value) return { test: 'hsts', result: 'hsts-not-implemented', modifier: -20 }
  const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? Number.NaN)
  if (Number.isNaN(maxAge)) return { test: 'hsts', result: 'hsts-header-invalid', modifier: -20 }
  return maxAge >= 15_768_000
    ? { test: 'hsts', result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
    : { test: 'hsts', result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 }
}

function referrerLine(headers: Headers): ScoreLine {
  const value = header(headers, 'referrer-policy')?.toLowerCase()
  if (!value) return { test: 'referrer-policy', result: 'referrer-policy-not-implemented', modifier: 0 }
  const last =
    value
      .split(',')
      .map((s) => s.trim())
      .pop() ?? ''
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(last)) {
    return { test: 'referrer-policy', result: 'referrer-policy-private', modifier: 5 }
  }
  if (last === 'unsafe-url' || last === 'no-referrer-when-downgrade') {
    return { test: 'referrer-policy', result: 'referrer-policy-unsafe', modifier: -5 }
  }
  return { test: 'referrer-policy', result: 'referrer-policy-no-referrer-when-downgrade', modifier: 0 }
}

function frameLine(headers: Headers): ScoreLine {
  const csp = header(headers, 'content-security-policy')
  const ancestors = csp ? parseCsp(csp).get('frame-ancestors') : undefined
  if (ancestors && (ancestors.includes("'none'") || ancestors.includes("'self'"))) {
    return { test: 'x-frame-options', result: 'x-frame-options-implemented-via-csp', modifier: 5 }
  }
  const xfo = header(headers, 'x-frame-options')?.toUpperCase()
  if (xfo === 'DENY' || xfo === 'SAMEORIGIN')
    return { test: 'x-frame-options', result: 'x-frame-options-sameorigin-or-deny', modifier: 0 }
  return { test: 'x-frame-options', result: 'x-frame-options-not-implemented', modifier: -20 }
}

function nosniffLine(headers: Headers): ScoreLine {
  return header(headers, 'x-content-type-options')?.toLowerCase() === 'nosniff'
    ? { test: 'x-content-type-options', result: 'x-content-type-options-nosniff', modifier: 0 }
    : { test: 'x-content-type-options', result: 'x-content-type-options-not-implemented', modifier: -5 }
}

function corsLine(headers: Headers): ScoreLine {
  return header(headers, 'access-control-allow-origin') === '*' &&
    header(headers, 'access-control-allow-credentials') === 'true'
    ? {
        test: 'cors',
        result: 'cross-origin-resource-sharing-implemented-with-universal-access',
        modifier: -50,
      }
    : { test: 'cors', result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 }
}

function corpLine(headers: Headers): ScoreLine {
  const value = header(headers, 'cross-origin-resource-policy')?.toLowerCase()
  if (value === 'same-origin' || value === 'same-site')
    return { test: 'corp', result: 'corp-implemented-with-same-origin', modifier: 0 }
  if (value === 'cross-origin')
    return { test: 'corp', result: 'corp-implemented-with-cross-origin', modifier: 0 }
  return { test: 'corp', result: 'corp-not-implemented', modifier: 0 }
}

/** SRI: all our scripts are same-origin module scripts (modifier 0); external ones without SRI cost. */
function sriLine(html: string | undefined): ScoreLine {
  if (!html) return { test: 'sri', result: 'sri-not-implemented-response-not-html', modifier: 0 }
  const external = [...html.matchAll(/<script[^>]+src="(https?:)?\/\/[^"]+"[^>]*>/g)].filter(
    (m) => !/integrity=/.test(m[0]),
  )
  return external.length
    ? { test: 'sri', result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 }
    : { test: 'sri', result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 }
}

export function observatoryScore(headers: Headers, html?: string): { score: number; lines: ScoreLine[] } {
  const hsts = hstsLine(headers)
  const lines = [
    cspLine(headers),
    cookiesLine(headers, hsts.modifier === 0),
    corsLine(headers),
    referrerLine(headers),
    hsts,
    sriLine(html),
    nosniffLine(headers),
    frameLine(headers),
    corpLine(headers),
  ]
  const penalties = lines.filter((l) => l.modifier < 0).reduce((sum, l) => sum + l.modifier, 0)
  const bonuses = lines.filter((l) => l.modifier > 0).reduce((sum, l) => sum + l.modifier, 0)
  const base = 100 + penalties
  return { score: Math.max(0, base >= 90 ? base + bonuses : base), lines }
}
