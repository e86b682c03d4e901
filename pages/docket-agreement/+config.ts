import type { Config } from 'vike/types'

// Rendered per request: it names its viewer and is never kept (lib/access rendersPerViewer).
export default { prerender: false } satisfies Config
