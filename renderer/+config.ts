import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

// Global page config (DESIGN.md: renderer/ holds the config every page inherits).
export default {
  extends: [vikeReact],
  lang: 'en',
  title: 'RM5 — the autonomous mobile store',
  description:
    'The RM5 is a driverless, all-electric mobile store with 10 lockers that brings orders to the curb in minutes.',
  // Public pages are pre-rendered at build time and served from memory; pages that depend on the
  // request (docket, proposal) opt out with `prerender: false` in their own +config.
  prerender: { partial: true, parallel: 2 },
  // Forwarded by the server in pageContextInit: which access grants this request holds (verified
  // server-side; never the raw cookie) — used by +guard hooks. Not passed to the client.
  passToClient: [],
} satisfies Config
