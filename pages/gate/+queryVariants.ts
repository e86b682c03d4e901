import { gateErrors, gateSteps, isRetryQueryValue, SIGNED_OUT_NOTICE } from '../../lib/access.ts'
import type { QueryVariants } from '../../lib/page-rules.ts'

// A gate reached with a known `?error=` or `?step=` (the answer to a form post without JavaScript,
// `?retry=` the seconds to wait) has the notice or step in its HTML, and so does one reached by
// signing out (`?notice=signed-out`): each is a kept render of its own (lib/page-rules.ts), the
// same for every visitor who carries the same values. A file of its own, not a value in
// +config.ts: the retry test is code, which Vike loads at run time.
export default {
  error: gateErrors,
  step: gateSteps,
  notice: [SIGNED_OUT_NOTICE],
  retry: isRetryQueryValue,
} satisfies QueryVariants
