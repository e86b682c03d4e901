// The console's partner form (add, edit, preview), validated by the partners service's own schema
// (partnerFields) and slug rule, with a sentence per field for the error summary.
import { z } from 'zod'
import { partnerContrastProblem } from '../../../lib/partner-contrast.ts'
import { partnerSlugProblem } from '../../../lib/partners.ts'
import { defaultFields, type PartnerFields, partnerFields } from '../../partners/partner-store.server.ts'
import type { PartnerFormState } from '../views/PartnerFields.tsx'

export const PARTNER_FIELD_NAMES = ['name', 'tint', 'ink', 'monogram', 'audience'] as const

const MESSAGES: Record<(typeof PARTNER_FIELD_NAMES)[number], string> = {
  name: 'Enter the name the gate shows (up to 60 characters).',
  tint: 'Give the tint as a colour such as #1f6feb.',
  ink: 'Give the text colour as a colour such as #0b0d10.',
  monogram: 'Give the monogram as 1 to 3 letters.',
  audience: 'Say who the gate is for (up to 80 characters).',
}

const body = z.object({
  slug: z.string().max(64).default(''),
  name: z.string().max(200).default(''),
  tint: z.string().max(32).default(''),
  ink: z.string().max(32).default(''),
  monogram: z.string().max(32).default(''),
  audience: z.string().max(200).default(''),
  open: z.string().max(8).optional(),
  /** The second step of opening a gate with documents for code holders: publish them too. */
  publishPrivate: z.string().max(8).optional(),
})

export type PartnerForm =
  | { ok: true; slug: string; value: PartnerFields; publishPrivate: boolean; state: PartnerFormState }
  | { ok: false; state: PartnerFormState }

/**
 * Reads a posted (or queried) partner form. `withSlug`: the add form, which names the gate and,
 * as `rm5 partners add`, fills a theme field left empty from the name (defaultFields).
 */
export function partnerForm(input: unknown, options: { withSlug: boolean }): PartnerForm {
  const parsed = body.safeParse(input ?? {})
  if (!parsed.success)
    return { ok: false, state: { values: {}, errors: { name: 'The form could not be read.' } } }
  const { open, publishPrivate, ...typed } = parsed.data
  const defaults = defaultFields(typed.name.trim())
  const strings = options.withSlug
    ? {
        ...typed,
        tint: typed.tint.trim() || defaults.tint,
        ink: typed.ink.trim() || defaults.ink,
        monogram: typed.monogram.trim() || defaults.monogram,
        audience: typed.audience.trim() || defaults.audience,
      }
    : typed
  // The page shows what was typed; the defaults are only what gets saved.
  const values: Record<string, string> = { ...typed, open: open === 'on' ? 'on' : '' }
  const errors: Record<string, string> = {}
  const slug = strings.slug.trim()
  if (options.withSlug) {
    const problem = partnerSlugProblem(slug)
    if (problem) errors.slug = problem
  }
  const fields = partnerFields.safeParse({ ...strings, open: open === 'on' })
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const name = issue.path[0] as keyof typeof MESSAGES
      if (MESSAGES[name]) errors[name] ??= MESSAGES[name]
    }
  }
  const contrast = fields.success ? partnerContrastProblem(fields.data) : undefined
  if (contrast) errors[contrast.field] ??= contrast.message
  const state = { values, errors }
  if (!fields.success || Object.keys(errors).length > 0) return { ok: false, state }
  return { ok: true, slug, value: fields.data, publishPrivate: publishPrivate === 'on', state }
}

/** What the preview draws for a form in progress: each field as typed where valid, else its default. */
export function previewValues(input: unknown): PartnerFields {
  const form = partnerForm(input, { withSlug: false })
  if (form.ok) return form.value
  const typed = form.state.values
  const fallback = { name: 'Partner', ...defaultFields(typed.name?.trim() || 'Partner') }
  const pick = (name: (typeof PARTNER_FIELD_NAMES)[number]) =>
    form.state.errors[name] || !typed[name] ? fallback[name] : (typed[name] as string).trim()
  return {
    name: pick('name'),
    tint: pick('tint'),
    ink: pick('ink'),
    monogram: pick('monogram'),
    audience: pick('audience'),
    open: typed.open === 'on',
  }
}
