import type { Config } from 'vike/types'

// The e-mailed link's page: its one-time token comes from the query, so it is rendered for each
// request and never kept (lib/page-rules.ts).
export default { rendering: 'per-request' } satisfies Config
