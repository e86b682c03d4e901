import { CLOSE_QUERY } from '../../lib/access.ts'
import type { QueryVariants } from '../../lib/page-rules.ts'

// `?close=confirm` is the proposal asking whether to close it, its dialog open in the HTML: what
// the close button's form asks for without JavaScript (CloseProposal.tsx). A kept render of its
// own (lib/page-rules.ts), like the page itself.
export default { [CLOSE_QUERY.name]: [CLOSE_QUERY.value] } satisfies QueryVariants
