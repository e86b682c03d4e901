import { type FormEvent, useEffect, useId, useRef } from 'react'
import { EMAIL_PATH, gateStepUrl } from '../../lib/access.ts'
import { EMAIL_MAX } from '../../lib/forms/fields.ts'
import type { PartnerSlug } from '../../lib/partners.ts'
import { GateFormFrame, useGateForm } from './GateFormFrame.tsx'
import type { GateStepView } from './gate-steps.ts'
import { type Notice, noticeFor } from './notices.ts'
import { sendLink } from './send-link.ts'

/** What the server answers every address with: it never says which ones may open the docket. */
export const LINK_SENT_TEXT =
  'If this address may open the docket, we sent a link. It works once, within 15 minutes.'

const sendError: Notice = {
  kind: 'error',
  title: 'The link could not be sent',
  description: 'Please try again or contact support',
}

/**
 * The gate's second step for a code that requires an e-mail: a work address, to which the server
 * mails a one-time link. Without JavaScript a plain POST answered by a redirect (`?step=sent`);
 * once hydrated, fetch. The input is uncontrolled (FormData), so text typed before hydration stays.
 */
export function EmailForm({
  retailer,
  initialNotice,
  onStep,
}: {
  retailer: PartnerSlug
  initialNotice: Notice | null
  onStep(step: GateStepView, notice?: Notice): void
}) {
  const form = useGateForm(EMAIL_PATH, retailer, initialNotice)
  const { notice, setNotice, busy, setBusy } = form
  const input = useRef<HTMLInputElement>(null)
  const ids = { field: useId(), hint: useId() }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const entered = new FormData(event.currentTarget).get('email')
    const email = typeof entered === 'string' ? entered.trim() : ''
    if (!email || !input.current?.checkValidity()) {
      setNotice(noticeFor('email'))
      input.current?.focus()
      return
    }
    setBusy(true)
    setNotice(null)
    const result = await sendLink(retailer, email)
    setBusy(false)
    switch (result.kind) {
      case 'sent':
        return onStep('sent')
      case 'expired':
        return onStep('code', noticeFor('expired'))
      case 'unavailable':
        return onStep('unavailable')
      case 'email':
      case 'rate_limited':
        setNotice(noticeFor(result.kind, 'retryAfter' in result ? result.retryAfter : undefined))
        break
      case 'error':
        console.error('Error asking for an access link', result.error)
        setNotice(sendError)
    }
    input.current?.focus()
  }

  const fieldProblem = notice?.kind === 'email'
  return (
    <GateFormFrame form={form} onSubmit={onSubmit} submitLabel="Send me a link" busyLabel="Sending...">
      <label className="gate-form__label" htmlFor={ids.field}>
        Work e-mail
      </label>
      <p className="gate-form__hint" id={ids.hint}>
        We send a one-time link to this address. It works once, within 15 minutes.
      </p>
      <div className="gate-field">
        <input
          ref={input}
          id={ids.field}
          className="gate-field__input gate-field__input--plain"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          maxLength={EMAIL_MAX}
          required
          // biome-ignore lint/a11y/noAutofocus: the step exists only to take this one field
          autoFocus
          aria-invalid={fieldProblem || undefined}
          aria-describedby={fieldProblem ? `${form.noticeId} ${ids.hint}` : ids.hint}
        />
      </div>
    </GateFormFrame>
  )
}

/** After the e-mail step: the same words whatever the address, or why no link can be sent. */
export function StepMessage({ retailer, step }: { retailer: PartnerSlug; step: 'sent' | 'unavailable' }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.focus(), [])
  if (step === 'unavailable') {
    return (
      <div className="gate-step" ref={box} tabIndex={-1} role="status">
        <p className="gate-step__text">
          This code also asks for your work e-mail, but this site cannot send sign-in links at the moment.
          Please contact us: we will open the docket for you another way.
        </p>
      </div>
    )
  }
  return (
    <div className="gate-step" ref={box} tabIndex={-1} role="status">
      <p className="gate-step__text">{LINK_SENT_TEXT}</p>
      <p className="gate-step__text gate-step__text--muted">
        Open the link on this device or another one. Nothing arrived? Check your spam folder, or{' '}
        <a href={gateStepUrl(retailer, 'email')}>use another address</a>.
      </p>
    </div>
  )
}
