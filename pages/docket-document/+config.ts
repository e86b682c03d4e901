import type { Config } from 'vike/types'

// It names its viewer (the watermark): rendered for each request with who is viewing, never kept
// (lib/page-rules.ts). Who may open it: +guard.server.ts.
export default { rendering: 'per-viewer' } satisfies Config
