// The console's audience and download fields, as the documents service's request (the options
// `rm5 documents add|replace` take as --public, --codes and --download/--no-download). The service
// checks them against the partner's gate and codes; this only reads what a browser posted.
import { z } from 'zod'
import { openGateWarning } from '../../../lib/documents/audience.ts'
import type { Partner } from '../../../lib/partners.ts'
import type { AudienceRequest } from '../../documents/audience.server.ts'
import { DOWNLOAD_CHOICES, UPLOAD_AUDIENCES } from '../views/AudienceFields.tsx'

const download = z.enum(DOWNLOAD_CHOICES).optional()
const codeIds = z.uuid('Choose codes from the list.')
/** Ticked code boxes: a field sent once or more (none: an empty list). */
const codes = z
  .union([codeIds, z.array(codeIds).max(500)])
  .optional()
  .transform((value) => (value === undefined ? [] : [value].flat()))

/**
 * The upload form's part: "Share openly" (a checkbox), who sees it (every code of the partner, or
 * the ticked ones: `rm5 documents add --codes`), and the download choice.
 */
export const uploadAudienceFields = z.object({
  public: z.literal('on').optional(),
  who: z.enum(UPLOAD_AUDIENCES).optional(),
  codes,
  download,
})

/** The settings form: the ticked codes (none: every code) and download. */
export const settingsFields = z.object({ codes, download })

const downloadOf = (value: (typeof DOWNLOAD_CHOICES)[number] | undefined) =>
  value === undefined ? undefined : value === 'yes'

/**
 * The upload's audience request, or the field error: a gate that takes no code not shared openly
 * (the service refuses it too, in the CLI's words, naming --public), or "some codes" with none
 * ticked. Ticked codes of another partner are the service's to refuse.
 */
export function uploadAudience(
  fields: z.infer<typeof uploadAudienceFields>,
  partner: Pick<Partner, 'slug' | 'name' | 'open'>,
): { request: AudienceRequest } | { error: string; field: 'public' | 'codes' } {
  const shared = fields.public === 'on'
  if (partner.open && !shared) {
    return { field: 'public', error: `${openGateWarning(partner)} Tick “Share openly” to publish it anyway.` }
  }
  const some = fields.who === 'some'
  if (some && fields.codes.length === 0) {
    return { field: 'codes', error: `Tick the codes of ${partner.name} that see it, or choose every code.` }
  }
  return {
    request: { public: shared, codeIds: some ? fields.codes : [], download: downloadOf(fields.download) },
  }
}

export const settingsAudience = (fields: z.infer<typeof settingsFields>): AudienceRequest => ({
  codeIds: fields.codes,
  download: downloadOf(fields.download),
})
