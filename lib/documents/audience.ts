// Who a document is for, in the words the CLI and the console share (the rule itself:
// server/documents/audience.server.ts).
import type { Partner } from '../partners.ts'

/**
 * What storing a document for a partner whose gate takes no code means. The CLI's refusal without
 * `--public` and the console's "Share openly" field say it in these words.
 */
export const openGateWarning = (partner: Pick<Partner, 'slug' | 'name'>) =>
  `${partner.name}'s gate takes no code: anyone who opens /${partner.slug} would read it.`
