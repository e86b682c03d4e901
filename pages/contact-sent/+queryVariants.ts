import { confirmationQueryVariants } from '../../lib/forms/confirmation.ts'

// A recent `?sent=` (the post's 303) is the confirmation, a kept render of its own
// (lib/page-rules.ts); any other value is the page without it. A file of its own, not a value in
// +config.ts: the test is code, which Vike loads at run time.
export default confirmationQueryVariants
