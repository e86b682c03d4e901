// The two things kept of a user agent: the kind of device and the browser's family, read by
// bowser (a maintained parser). The user agent itself is never stored.
import Bowser from 'bowser'
import { LRUCache } from 'lru-cache'

const DEVICES = new Set(['desktop', 'mobile', 'tablet', 'tv'])

interface Kind {
  device: string
  browser: string
}

// Most visits come from a few hundred user agents: each is parsed once.
const parsedAgents = new LRUCache<string, Kind>({ max: 2000 })

export function deviceAndBrowser(userAgent: string): Kind {
  const known = parsedAgents.get(userAgent)
  if (known) return known
  const kind = parse(userAgent)
  parsedAgents.set(userAgent, kind)
  return kind
}

function parse(userAgent: string): Kind {
  const parsed = Bowser.parse(userAgent)
  const type = parsed.platform.type
  return {
    device: type && DEVICES.has(type) ? type : 'other',
    browser: parsed.browser.name?.slice(0, 60) || 'Other',
  }
}
