// What a page view keeps of its request: the path, the referring site's host (none for a link
// within the site) and the UTM tags, each cut to a length a report can show.
import { parse } from 'fast-querystring'

const MAX_PATH = 300
const MAX_TAG = 100

// Control characters (a zero byte is refused by Postgres's text) are no part of a tag.
const CONTROL = /\p{Cc}/gu
// The first half of a surrogate pair with its second cut off: refused by Postgres's JSON.
const CUT_PAIR = /[\ud800-\udbff]$/

/** A query value as a tag: its first value, trimmed, without control characters, at most MAX_TAG long. */
const tag = (value: unknown): string | null => {
  const text = (Array.isArray(value) ? value[0] : value)?.toString().replace(CONTROL, '').trim()
  return text ? text.slice(0, MAX_TAG).replace(CUT_PAIR, '') : null
}

/**
 * A referring site's host, without `www.`; null when there is none or it is this site (one of
 * its hosts, or the Host the request was sent to).
 */
export function referrerHost(
  referer: string | undefined,
  ownHosts: readonly string[],
  requestHost: string | undefined,
): string | null {
  if (!referer) return null
  try {
    const url = new URL(referer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.host === requestHost || ownHosts.includes(url.host)) return null
    return url.hostname.replace(/^www\./, '').slice(0, MAX_TAG) || null
  } catch {
    return null
  }
}

export interface ViewFields {
  path: string
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
}

export function viewFields(url: string): ViewFields {
  const query = url.indexOf('?')
  const path = (query === -1 ? url : url.slice(0, query)).slice(0, MAX_PATH)
  const search = query === -1 ? {} : parse(url.slice(query + 1))
  return {
    path,
    // `ref` is the short form some sites link with (Plausible reads it too).
    utmSource: tag(search.utm_source) ?? tag(search.ref),
    utmMedium: tag(search.utm_medium),
    utmCampaign: tag(search.utm_campaign),
  }
}
