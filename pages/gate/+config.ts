import type { Config } from 'vike/types'

// Partners are data (decision 035): the gates are rendered by the running server from the partners
// it knows, not pre-rendered at build. The page cache keeps each gate's render like a
// pre-rendered page and drops it when its partner changes.
export default { prerender: false } satisfies Config
