import type { Config } from 'vike/types'

// Rendered by the server for each set of verified grants and kept seconds (lib/page-rules.ts):
// it lists what those grants see. Who may open it: +guard.server.ts.
export default { rendering: 'kept' } satisfies Config
