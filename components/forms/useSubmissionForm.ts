// State of a form that posts to one of our JSON endpoints (apply, contact): values, inline errors
// from the shared zod schema, idle → submitting → idle, idempotency keys and toasts.
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { z } from 'zod'
import { type FieldErrors, fieldErrors } from '../../lib/forms/field-errors'
import { SubmissionKeys } from '../../lib/forms/idempotency'
import { type SubmitResult, submitJson } from '../../lib/forms/submit'

export interface SubmissionFormOptions<F extends string> {
  /** Prefix for element ids ("apply" → "apply-email"). */
  id: string
  schema: z.ZodType
  empty: Record<F, string>
  url: string
  /** Names the submission in the console error ("Application submission"). */
  name: string
  messages: { success: string; failure: string }
  onSuccess?: () => void
}

export type SubmissionStatus = 'idle' | 'submitting'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

export function useSubmissionForm<F extends string>(options: SubmissionFormOptions<F>) {
  const { schema, empty } = options
  const [values, setValues] = useState<Record<F, string>>(empty)
  const [errors, setErrors] = useState<FieldErrors<F>>({})
  const [status, setStatus] = useState<SubmissionStatus>('idle')
  const [hydrated, setHydrated] = useState(false)
  const keys = useRef(new SubmissionKeys())
  const formRef = useRef<HTMLFormElement>(null)
  const fields = Object.keys(empty) as F[]

  // Until React has hydrated, a click would submit the plain HTML form (a GET with every answer
  // in the URL): the submit button stays disabled until then.
  useEffect(() => setHydrated(true), [])

  const errorOf = (next: Record<F, string>, field: F): string | undefined => {
    const result = schema.safeParse(next)
    return result.success ? undefined : fieldErrors<F>(result.error)[field]
  }

  /** Updates one field's error (after a submit attempt has shown errors). */
  const revalidate = (next: Record<F, string>, field: F) =>
    setErrors((current) => {
      const message = errorOf(next, field)
      if (current[field] === message) return current
      const updated = { ...current }
      if (message) updated[field] = message
      else delete updated[field]
      return updated
    })

  // Focus moves after React has committed the errors and re-enabled the form (a disabled control
  // cannot take focus), so the request is carried to the next commit instead of a timer.
  const focusRequest = useRef<FieldErrors<F> | null>(null)
  useEffect(() => {
    const invalid = focusRequest.current
    const form = formRef.current
    if (!invalid || !form) return
    focusRequest.current = null
    for (const element of Array.from(form.elements) as Control[]) {
      if (element.name && element.name in invalid) {
        element.focus()
        return
      }
    }
  })
  const focusFirstInvalid = (invalid: FieldErrors<F>) => {
    focusRequest.current = invalid
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (status === 'submitting') return
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      const invalid = fieldErrors<F>(parsed.error)
      setErrors(invalid)
      focusFirstInvalid(invalid)
      return
    }
    setErrors({})
    setStatus('submitting')
    const key = keys.current.keyFor(parsed.data)
    const result = await submitJson(options.url, parsed.data, key)
    setStatus('idle')
    if (result.ok) {
      keys.current.succeeded()
      setValues(empty)
      toast.success(options.messages.success)
      options.onSuccess?.()
      return
    }
    // No values in the log line: they are personal data, and the console may be shared.
    console.error(`${options.name} failed`, {
      status: result.status,
      code: result.code,
      message: result.message,
    })
    const invalid = serverFieldErrors(result, fields)
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid)
      focusFirstInvalid(invalid)
    }
    toast.error(options.messages.failure, { description: failureDescription(result) })
  }

  function control(field: F, { hint = false }: { hint?: boolean } = {}) {
    const id = `${options.id}-${field}`
    const error = errors[field]
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
    return {
      id,
      name: field,
      value: values[field],
      onChange(event: ChangeEvent<Control>) {
        const next = { ...values, [field]: event.target.value }
        setValues(next)
        // Once an error is shown, it updates as the visitor fixes it; no new errors while typing.
        if (errors[field]) revalidate(next, field)
      },
      onBlur() {
        if (errors[field]) revalidate(values, field)
      },
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy || undefined,
    }
  }

  return {
    formRef,
    values,
    errors,
    status,
    submitting: status === 'submitting',
    hydrated,
    onSubmit,
    control,
    idFor: (field: F) => `${options.id}-${field}`,
  }
}

export type SubmissionForm<F extends string> = ReturnType<typeof useSubmissionForm<F>>

function serverFieldErrors<F extends string>(result: SubmitResult, fields: F[]): FieldErrors<F> {
  if (result.ok || result.status !== 400 || !result.fields) return {}
  const known: FieldErrors<F> = {}
  for (const field of fields) {
    const message = result.fields[field]
    if (typeof message === 'string') known[field] = message
  }
  return known
}

function failureDescription(result: Exclude<SubmitResult, { ok: true }>): string {
  switch (result.code) {
    case 'validation_failed':
      return 'Please check the highlighted fields.'
    case 'rate_limited':
      return 'Too many attempts from your network. Please wait a few minutes.'
    case 'network_error':
    case 'timeout':
    case 'database_unavailable':
      return `${result.message} Your answers are still here.`
    default:
      return 'Your answers are still here, so you can simply try again.'
  }
}
