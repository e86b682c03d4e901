import type { Config } from 'vike/types'

// Partners are data (decision 035): the gates are rendered by the running server from the partners
// it knows, not pre-rendered at build, and kept like a pre-rendered page until their partner
// changes (lib/page-rules.ts). The query values a gate shows are in +queryVariants.ts.
export default {
  rendering: 'kept',
} satisfies Config
