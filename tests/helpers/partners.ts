// The six gates the migration `…_partners` seeds (decision 035), as the tests know them: the
// original site's partners, in its order. walmart's gate opens with a button and takes no code.
import type { PrismaClient } from '../../server/db/database.server.ts'
import { addPartner, defaultFields } from '../../server/partners/partner-store.server.ts'

export const seededGates = ['circlek', 'pizzahut', 'walmart', 'compass', 'partner', 'investor'] as const
export const seededCodeGates = seededGates.filter((gate) => gate !== 'walmart')

/** A partner added as `rm5 partners add <slug> --name <name>` adds one: the CLI's defaults, audited as the CLI. */
export function seedPartner(prisma: PrismaClient, slug: string, name: string) {
  return addPartner(prisma, { label: 'cli@test' }, slug, { name, ...defaultFields(name) }, new Date())
}
