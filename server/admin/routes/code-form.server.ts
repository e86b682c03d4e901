// The console's "Generate a code" form, validated on the server with the rules the CLI's options
// apply (a gate that takes a code, an expiry date, domains only with an e-mail requirement, an
// e-mail requirement only where mail can be sent).
import { z } from 'zod'
import { DOMAIN_HINT, parseDomain } from '../../../scripts/cli/codes/allow-domains.ts'
import { parseExpires } from '../../../scripts/cli/codes/expires.ts'

const fields = z.object({
  retailer: z.string().max(32).default(''),
  label: z.string().max(200, 'A label has at most 200 characters.').default(''),
  expires: z.string().max(32).default(''),
  requireEmail: z.string().max(8).optional(),
  allowDomains: z.string().max(2000).default(''),
})

export type CodeForm =
  | {
      ok: true
      value: {
        retailer: string
        label?: string
        expiresAt?: Date
        requireEmail: boolean
        allowDomains: string[]
      }
      state: { values: Record<string, string>; errors: Record<string, string> }
    }
  | { ok: false; state: { values: Record<string, string>; errors: Record<string, string> } }

/**
 * `gates`: the slugs of the partners whose gates take a code, as served now. `mailRefusal`: why
 * this site cannot require an e-mail (requireEmailRefusal), if it cannot.
 */
export function codeForm(
  body: unknown,
  now: Date,
  gates: readonly string[],
  options: { mailRefusal?: string } = {},
): CodeForm {
  const parsed = fields.safeParse(body ?? {})
  const values = parsed.success ? { ...parsed.data, requireEmail: parsed.data.requireEmail ?? '' } : {}
  const errors: Record<string, string> = {}
  if (!parsed.success)
    return { ok: false, state: { values: {}, errors: { retailer: 'The form could not be read.' } } }
  const data = parsed.data
  if (!gates.includes(data.retailer)) errors.retailer = 'Choose the gate the code opens.'
  const expiresAt = data.expires ? parseExpires(data.expires, now) : undefined
  if (expiresAt === null) errors.expires = 'Give the expiry as a date, such as 2026-03-31.'
  else if (expiresAt && expiresAt.getTime() <= now.getTime())
    errors.expires = 'The expiry date is in the past.'
  const requireEmail = data.requireEmail === 'on'
  if (requireEmail && options.mailRefusal) errors.requireEmail = options.mailRefusal
  const domains = data.allowDomains
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const allowDomains = domains.map(parseDomain)
  if (allowDomains.includes(null)) errors.allowDomains = DOMAIN_HINT
  else if (allowDomains.length > 0 && !requireEmail)
    errors.allowDomains = 'Allowed domains need “Require a work e-mail”.'
  const state = { values: values as Record<string, string>, errors }
  if (Object.keys(errors).length > 0) return { ok: false, state }
  return {
    ok: true,
    state,
    value: {
      retailer: data.retailer,
      label: data.label.trim() || undefined,
      expiresAt: expiresAt ?? undefined,
      requireEmail,
      allowDomains: [...new Set(allowDomains as string[])],
    },
  }
}
