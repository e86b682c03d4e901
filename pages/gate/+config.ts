import type { Config } from 'vike/types'
import { gateErrors, gateSteps } from '../../lib/access.ts'

// Partners are data (decision 035): the gates are rendered by the running server from the partners
// it knows, not pre-rendered at build, and kept like a pre-rendered page until their partner
// changes (lib/page-rules.ts). A gate reached with a known `?error=` or `?step=` (the answer to a
// form post without JavaScript) is rendered for that request, with the notice or step in its HTML.
export default {
  rendering: 'kept',
  perRequestQuery: { error: gateErrors, step: gateSteps },
} satisfies Config
