// The Circle K proposal as Markdown: the data room's first document, seeded as demo content
// (scripts/cli/documents/ensure-demo.ts). The terms come from the same constants as the
// /circlek/proposal page (lib/content/proposal.ts), so both state the same figures; once seeded,
// the document is edited like any other (`rm5 documents replace`).
import type { Brand } from '../brand.ts'
import { PROPOSAL_PARTNER_NAME } from '../partners.ts'
import { commercialTerms } from './proposal.ts'

export const PROPOSAL_TITLE = 'Partnership Proposal'

export function proposalMarkdown(brand: Pick<Brand, 'company' | 'product'>): string {
  const retailer = PROPOSAL_PARTNER_NAME
  const terms = commercialTerms.flatMap((term) => [
    `### ${term.name}: ${term.value}`,
    '',
    `*${term.unit}*`,
    '',
    ...term.details.map((detail) => `- ${detail}`),
    '',
  ])
  return [
    `# ${PROPOSAL_TITLE}`,
    '',
    `**Confidential.** Prepared for ${retailer}: on-demand delivery from your stores with the ${brand.product}, a driverless, all-electric mobile store.`,
    '',
    '## 1. Partnership Overview',
    '',
    `${brand.company} proposes to bring on-demand delivery to ${retailer} stores with a dedicated fleet of ${brand.product} vehicles. Customers order from your storefront in the ${brand.product} consumer app; your staff load the order into a locker at the store's pickup bay; the vehicle drives it to the customer, who unlocks their locker at the curb.`,
    '',
    `You keep your catalog, prices and inventory in the merchant app. ${brand.company} operates the vehicles, the routing and customer support.`,
    '',
    '- 10-minute delivery promise',
    '- 10 lockers per vehicle: ambient, chilled or heated',
    '- SAE Level 4 autonomy, top speed 25 mph',
    '- First stores in select Austin neighborhoods (Q1 2026)',
    '',
    '## 2. Key Commercial Terms',
    '',
    ...terms,
    '## 3. Proposal Status: Non-binding',
    '',
    'These terms are non-binding and for discussion only. Any partnership is subject to a definitive agreement signed by both parties; until then, neither party is committed to the terms above.',
    '',
  ].join('\n')
}
