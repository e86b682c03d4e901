import type { Config } from 'vike/types'

// Rendered per request: the token comes from the link's query (server/access: rendersPerRequest).
export default { prerender: false } satisfies Config
