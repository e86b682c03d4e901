import type { Config } from 'vike/types'

// Rendered per request: it depends on the visitor's access grant (checked in +guard).
export default { prerender: false } satisfies Config
