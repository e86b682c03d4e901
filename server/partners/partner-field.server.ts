// The `retailer` field of a request (verify, e-mail step, agreement): a partner the server serves
// now, checked against the directory in memory (no query per request).
import { z } from 'zod'
import { PARTNER_SLUG } from '../../lib/partners.ts'
import type { PartnerDirectory } from './directory.server.ts'

export const UNKNOWN_PARTNER = 'Unknown retailer.'

/** A partner's name by its shape alone, for a request that must work for a gate removed meanwhile. */
export const partnerSlugField = z.string({ error: UNKNOWN_PARTNER }).regex(PARTNER_SLUG, UNKNOWN_PARTNER)

/** `code`: only partners whose gate takes a code (the e-mail step). */
export const partnerField = (partners: Pick<PartnerDirectory, 'get'>, need: 'any' | 'code' = 'any') =>
  z.string({ error: UNKNOWN_PARTNER }).refine((slug) => {
    const partner = partners.get(slug)
    return partner !== undefined && (need === 'any' || !partner.open)
  }, UNKNOWN_PARTNER)
