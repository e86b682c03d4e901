// The console's audience and download fields, as the documents service's request (the options
// `rm5 documents add|replace` take as --public, --codes and --download/--no-download). The service
// checks them against the partner's gate and codes; this only reads what a browser posted.
import { z } from 'zod'
import { DOWNLOAD_CHOICES } from '../../../components/admin/AudienceFields.tsx'
import type { Partner } from '../../../lib/partners.ts'
import { type AudienceRequest, openGateWarning } from '../../documents/audience.server.ts'

const download = z.enum(DOWNLOAD_CHOICES).optional()
const codeIds = z.uuid('Choose codes from the list.')

/** The upload form's part: "Share openly" (a checkbox) and the download choice. */
export const uploadAudienceFields = z.object({
  public: z.literal('on').optional(),
  download,
})

/** The settings form: the ticked codes (none: every code; a field sent once or more) and download. */
export const settingsFields = z.object({
  codes: z
    .union([codeIds, z.array(codeIds).max(500)])
    .optional()
    .transform((value) => (value === undefined ? [] : [value].flat())),
  download,
})

const downloadOf = (value: (typeof DOWNLOAD_CHOICES)[number] | undefined) =>
  value === undefined ? undefined : value === 'yes'

/**
 * The upload's audience request, or the field error when a gate that takes no code is not shared
 * openly (the service refuses it too, in the CLI's words, naming --public).
 */
export function uploadAudience(
  fields: z.infer<typeof uploadAudienceFields>,
  partner: Pick<Partner, 'slug' | 'name' | 'open'>,
): { request: AudienceRequest } | { error: string } {
  const shared = fields.public === 'on'
  if (partner.open && !shared) {
    return { error: `${openGateWarning(partner)} Tick “Share openly” to publish it anyway.` }
  }
  return { request: { public: shared, download: downloadOf(fields.download) } }
}

export const settingsAudience = (fields: z.infer<typeof settingsFields>): AudienceRequest => ({
  codeIds: fields.codes,
  download: downloadOf(fields.download),
})
