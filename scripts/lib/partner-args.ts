// Partner arguments of the admin commands (decision 035). The slug's shape is checked while the
// arguments are parsed (a usage error, exit 2); whether such a partner exists is asked of the
// database once it is open (exit 1, naming `rm5 partners list`).
import { InvalidArgumentError, Option } from 'commander'
import { isPartnerSlug, type PartnerSlug } from '../../lib/partners.ts'
import type { PrismaClient } from '../../server/db/database.server.ts'
import {
  PartnerRejected,
  type PartnerRow,
  requirePartner,
} from '../../server/partners/partner-store.server.ts'
import { CliError } from './cli-error.ts'

export const PARTNER_HINT = 'A partner slug such as circlek (see `rm5 partners list`).'

export function partnerArgument(value: string): PartnerSlug {
  if (!isPartnerSlug(value)) throw new InvalidArgumentError(PARTNER_HINT)
  return value
}

/** `--retailer <partner>`: only this partner's rows. */
export const partnerOption = (description = 'Only this partner (its slug)') =>
  new Option('--retailer <partner>', description).argParser(partnerArgument)

/**
 * A listing filtered by a partner's slug that found nothing: when no partner has that slug, it is
 * likely a typo, said in one line (exit 1) instead of "nothing for it". A removed partner's rows
 * stay listed; this runs only when there are none.
 */
export async function refuseUnknownFilter(
  prisma: PrismaClient,
  retailer: string | undefined,
  found: number,
): Promise<void> {
  if (found === 0 && retailer) await partnerOf(prisma, retailer as PartnerSlug)
}

/** The partner whose gate is served, or a one-line error (exit 1). `code`: its gate must take codes. */
export async function partnerOf(
  prisma: PrismaClient,
  slug: PartnerSlug,
  need: 'any' | 'code' = 'any',
): Promise<PartnerRow> {
  try {
    return await requirePartner(prisma, slug, need)
  } catch (error) {
    if (error instanceof PartnerRejected) throw new CliError(error.message)
    throw error
  }
}
