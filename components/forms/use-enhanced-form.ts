// The enhancement of an HTML form (apply, contact; decision 022). The form works without this
// hook: it posts to the server, which answers with a confirmation page or the form rendered with
// its errors (lib/forms/form-state.ts). With JavaScript the same form, inputs uncontrolled (what
// the visitor typed before hydration stays where it is), is read with FormData, checked with the
// same zod schema, and sent with fetch; the outcome is written into the page (the error summary,
// or the confirmation) and focus moves there.
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { z } from 'zod/mini'
import { type FieldErrors, fieldErrors } from '../../lib/forms/field-errors.ts'
import type { FormState } from '../../lib/forms/form-state.ts'
import { type SubmitResult, submitForm } from '../../lib/forms/submit.ts'

export interface EnhancedFormOptions<F extends string> {
  /** Prefix for element ids ("apply" → "apply-email"). */
  id: string
  schema: z.ZodMiniType
  fields: readonly F[]
  /** What the server rendered the form with (empty on the pre-rendered page). */
  initial: FormState
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
type Status = 'idle' | 'submitting' | 'sent'

export function useEnhancedForm<F extends string>(options: EnhancedFormOptions<F>) {
  const { schema, fields, initial } = options
  const [errors, setErrors] = useState<FieldErrors<F>>(initial.errors as FieldErrors<F>)
  /** The fields the summary lists: those refused by the last submit, while they stay wrong. */
  const [summary, setSummary] = useState<F[]>(() => fields.filter((f) => initial.errors[f]))
  const [message, setMessage] = useState(initial.message)
  const [status, setStatus] = useState<Status>('idle')
  /** What the fields start with: the server's values, none after a confirmation. */
  const [defaults, setDefaults] = useState(initial.values)
  /** Successful submissions so far: a form kept on the page after one is rendered anew (empty). */
  const [sentCount, setSentCount] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const confirmationRef = useRef<HTMLDivElement>(null)
  /** Set by a submit: focus moves once React has committed what it shows. */
  const focusNext = useRef<'summary' | 'confirmation' | null>(null)

  useEffect(() => {
    const target = focusNext.current === 'summary' ? summaryRef.current : confirmationRef.current
    if (!focusNext.current || !target) return
    focusNext.current = null
    target.focus()
  })

  const valuesOf = (form: HTMLFormElement): Record<F, string> => {
    const data = new FormData(form)
    return Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? '')])) as Record<F, string>
  }

  const errorsOf = (form: HTMLFormElement): FieldErrors<F> => {
    const result = schema.safeParse(valuesOf(form))
    return result.success ? {} : fieldErrors<F>(result.error)
  }

  /**
   * Inline validation: once a field's message is shown, it follows what is typed. No message is
   * added on leaving a field: text appearing above the controls would move the submit button away
   * from a press that is already on its way.
   */
  const recheck = (target: EventTarget) => {
    const form = formRef.current
    const name = (target as Control).name as F
    if (!form || !fields.includes(name) || !errors[name]) return
    const message = errorsOf(form)[name]
    if (message === errors[name]) return
    setErrors((current) => {
      const next = { ...current }
      if (message) next[name] = message
      else delete next[name]
      return next
    })
  }

  const showProblems = (invalid: FieldErrors<F>, problem?: string) => {
    setErrors(invalid)
    setSummary(fields.filter((f) => invalid[f]))
    setMessage(problem)
    focusNext.current = 'summary'
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    if (status === 'submitting') return
    const invalid = errorsOf(form)
    if (Object.keys(invalid).length > 0) return showProblems(invalid)
    setStatus('submitting')
    const result = await submitForm(form)
    if (result.ok) {
      setErrors({})
      setSummary([])
      setMessage(undefined)
      setStatus('sent')
      setDefaults({})
      setSentCount((count) => count + 1)
      focusNext.current = 'confirmation'
      return
    }
    setStatus('idle')
    // No values in the log line: they are personal data, and the console may be shared.
    console.error('Form submission failed', { status: result.status, code: result.code })
    showProblems(serverFieldErrors(result, fields), problemOf(result))
  }

  /** Back to the empty form after a confirmation ("send another message"). */
  function reset() {
    setStatus('idle')
  }

  return {
    id: options.id,
    defaultOf: (field: F) => defaults[field] ?? '',
    // A new submission after a success is not the last one retried: the server keys it by its answers.
    key: sentCount > 0 ? '' : (initial.key ?? ''),
    errors,
    summary: summary.filter((f) => errors[f]).map((f) => ({ field: f, message: errors[f] as string })),
    message,
    status,
    submitting: status === 'submitting',
    sentCount,
    formRef,
    summaryRef,
    confirmationRef,
    onSubmit,
    reset,
    onInput: (event: FormEvent) => recheck(event.target),
    idFor: (field: F) => `${options.id}-${field}`,
  }
}

export type EnhancedForm<F extends string> = ReturnType<typeof useEnhancedForm<F>>

function serverFieldErrors<F extends string>(result: SubmitResult, fields: readonly F[]): FieldErrors<F> {
  if (result.ok || result.status !== 400 || !result.fields) return {}
  const known: FieldErrors<F> = {}
  for (const field of fields) {
    const message = result.fields[field]
    if (typeof message === 'string') known[field] = message
  }
  return known
}

/** The sentence at the top of the summary for a failure that is not about one field. */
function problemOf(result: Exclude<SubmitResult, { ok: true }>): string | undefined {
  switch (result.code) {
    case 'validation_failed':
      return undefined
    case 'network_error':
    case 'timeout':
      return `${result.message} Your answers are still here: send them again when you are back online.`
    case 'rate_limited':
      return `${result.message} Your answers are still here.`
    default:
      return `${result.message} Your answers are still here, so you can simply send them again.`
  }
}
