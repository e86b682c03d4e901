// The console's "Generate a code" and "E-mail step" forms, validated on the server with the rules
// the CLI's options apply (a gate that takes a code, an expiry date, domains only with an e-mail
// requirement, an e-mail requirement only where mail can be sent).
import { z } from 'zod'
import { parseExpires } from '../../../lib/code-expiry.ts'
import { DOMAIN_HINT, parseDomain } from '../../access/email-domains.server.ts'

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
  const rule = emailRule(requireEmail, data.allowDomains, options.mailRefusal, '“Require a work e-mail”')
  if (rule.errors.requireEmail) errors.requireEmail = rule.errors.requireEmail
  if (rule.errors.allowDomains) errors.allowDomains = rule.errors.allowDomains
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
      allowDomains: rule.allowDomains,
    },
  }
}

/**
 * The e-mail rule as `--require-email [--allow-domain …]` checks it: mail must be sendable to turn
 * it on, domains (a comma list) must be domains, and need the step on. `step`: the control that
 * turns it on, as the form names it.
 */
function emailRule(requireEmail: boolean, domainList: string, mailRefusal: string | undefined, step: string) {
  const errors: { requireEmail?: string; allowDomains?: string } = {}
  if (requireEmail && mailRefusal) errors.requireEmail = mailRefusal
  const domains = domainList
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseDomain)
  if (domains.includes(null)) errors.allowDomains = DOMAIN_HINT
  else if (domains.length > 0 && !requireEmail) errors.allowDomains = `Allowed domains need ${step}.`
  return { errors, allowDomains: [...new Set(domains.filter((domain) => domain !== null))] }
}

const emailStepFields = z.object({
  code: z.uuid('Choose the code.'),
  step: z.enum(['on', 'off'], 'Say whether the code asks for an e-mail.'),
  allowDomains: z.string().max(2000).default(''),
})

export type EmailStepForm =
  | {
      ok: true
      value: { id: string; requireEmail: boolean; allowDomains: string[] }
      state: { values: Record<string, string>; errors: Record<string, string> }
    }
  | { ok: false; state: { values: Record<string, string>; errors: Record<string, string> } }

/** `rm5 codes require-email <id> [--allow-domain …] [--off]` as the console's "E-mail step" form. */
export function emailStepForm(body: unknown, options: { mailRefusal?: string } = {}): EmailStepForm {
  const values = textFields(body, ['code', 'step', 'allowDomains'], 2000)
  const parsed = emailStepFields.safeParse(body ?? {})
  if (!parsed.success) return { ok: false, state: { values, errors: firstIssues(parsed.error) } }
  const requireEmail = parsed.data.step === 'on'
  const rule = emailRule(requireEmail, parsed.data.allowDomains, options.mailRefusal, 'the step on')
  const errors: Record<string, string> = {}
  if (rule.errors.requireEmail) errors.step = rule.errors.requireEmail
  if (rule.errors.allowDomains) errors.allowDomains = rule.errors.allowDomains
  if (Object.keys(errors).length > 0) return { ok: false, state: { values, errors } }
  const value = { id: parsed.data.code, requireEmail, allowDomains: rule.allowDomains }
  return { ok: true, value, state: { values, errors } }
}

/** A refused form's fields as given (text only, cut to `max`), to show them again. */
export function textFields(body: unknown, names: readonly string[], max: number): Record<string, string> {
  const given = (body ?? {}) as Record<string, unknown>
  return Object.fromEntries(
    names.map((name) => [name, typeof given[name] === 'string' ? String(given[name]).slice(0, max) : '']),
  )
}

/** Each field's first problem, as a form's error summary lists them. */
export function firstIssues(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message
  return errors
}
