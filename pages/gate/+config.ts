import type { Config } from 'vike/types'
import { gateErrors, gateSteps, SIGNED_OUT_NOTICE } from '../../lib/access.ts'

// Partners are data (decision 035): the gates are rendered by the running server from the partners
// it knows, not pre-rendered at build, and kept like a pre-rendered page until their partner
// changes (lib/page-rules.ts). A gate reached with a known `?error=` or `?step=` (the answer to a
// form post without JavaScript) is rendered for that request, with the notice or step in its HTML;
// so is one reached by signing out (`?notice=signed-out`), which says so.
export default {
  rendering: 'kept',
  perRequestQuery: { error: gateErrors, step: gateSteps, notice: [SIGNED_OUT_NOTICE] },
} satisfies Config
