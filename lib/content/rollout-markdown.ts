// The Circle K rollout plan as Markdown: the data room's demo document (scripts/cli/documents/
// ensure-demo.ts), so a fresh install's docket shows a document under the proposal's card. Not
// the proposal itself: that is a page (/circlek/proposal) the card leads to, and a copy of it in
// the list would be a second, near-identical way there. The phases are the ones /apply shows
// (lib/content/rollout.ts), so both state the same dates; once seeded, the document is edited
// like any other (`rm5 documents replace`).
import type { Brand } from '../brand.ts'
import { PROPOSAL_PARTNER_NAME } from '../partners.ts'
import { rolloutPhases, rolloutStatusLabels } from './rollout.ts'

export const ROLLOUT_TITLE = 'Rollout Plan'

export function rolloutMarkdown(brand: Pick<Brand, 'product'>): string {
  const phases = rolloutPhases.flatMap((phase) => [
    `## Phase ${phase.phase}: ${phase.title}`,
    '',
    `*${phase.timeline} · ${rolloutStatusLabels[phase.status]}*`,
    '',
    phase.description,
    '',
    ...phase.markets.map((market) => `- ${market}`),
    '',
  ])
  return [
    `# ${ROLLOUT_TITLE}`,
    '',
    `**Confidential.** Prepared for ${PROPOSAL_PARTNER_NAME}: where the ${brand.product} delivers first, and when it reaches more of your stores.`,
    '',
    ...phases,
    'The commercial terms are in your partnership proposal, on the docket.',
    '',
  ].join('\n')
}
