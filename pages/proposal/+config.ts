import type { Config } from 'vike/types'

// Rendered by the server for a circlek grant and kept seconds (lib/page-rules.ts). Who may open
// it: +guard.server.ts.
export default { rendering: 'kept' } satisfies Config
