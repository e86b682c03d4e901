import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'
import { pageRulesMeta } from '../lib/page-rules.ts'

// Global page config (docs/architecture.md: Layout; renderer/ holds the config every page inherits).
export default {
  extends: [vikeReact],
  lang: 'en',
  // Server routing (decision 020): a link loads the next page whole, pre-rendered and served from
  // memory; Vike's client router would add its runtime to every page.
  clientRouting: false,
  title: 'RM5 — the autonomous mobile store',
  description:
    'The RM5 is a driverless, all-electric mobile store with 10 lockers that brings orders to the curb in minutes.',
  // Each page says how it is rendered (`rendering`, lib/page-rules.ts): public pages are
  // pre-rendered at build; a page that says `kept`, `per-request` or `per-viewer` is not.
  meta: pageRulesMeta,
  prerender: { partial: true, parallel: 2 },
  // With server routing the browser knows only what is passed here: the URL and route the
  // components read (NavLinks, SiteHead, the gate, the error page). The request's verified access
  // grants (pageContextInit, used by +guard hooks) are never passed.
  passToClient: ['urlPathname', 'urlParsed', 'routeParams', 'is404', 'abortReason', 'abortStatusCode'],
} satisfies Config
