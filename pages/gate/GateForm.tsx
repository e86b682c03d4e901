import { type FormEvent, useId, useRef, useState } from 'react'
import { DOCKET_PATH, isGateError, isRetryQueryValue, VERIFY_PATH } from '../../lib/access.ts'
import type { PartnerSlug } from '../../lib/partners.ts'
import { GateFormFrame, useGateForm } from './GateFormFrame.tsx'
import type { GateStepView } from './gate-steps.ts'
import { type Notice, noticeFor } from './notices.ts'
import { verifyAccess } from './verify-access.ts'

/**
 * The gate's form. Without JavaScript it is a plain POST that the server answers with a redirect
 * (to /docket, or back here with `?error=`); once hydrated it verifies with fetch and shows the
 * notices in place. Either way the grant is an HttpOnly cookie only the server can read. The code
 * input is uncontrolled and read with FormData, so a code typed before hydration is kept; the
 * notice is a persistent alert region, and the button is never disabled (focus stays on it).
 * A right code that requires an e-mail leads to the e-mail step (`onStep`) instead of the docket.
 */
export function GateForm({
  retailer,
  needsCode,
  initialNotice,
  onStep,
}: {
  retailer: PartnerSlug
  /** False for a gate that opens with a button (the partner is open). */
  needsCode: boolean
  initialNotice: Notice | null
  onStep(step: GateStepView): void
}) {
  const form = useGateForm(VERIFY_PATH, retailer, initialNotice)
  const { notice, setNotice, busy, setBusy } = form
  const [reveal, setReveal] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const noticeBox = useRef<HTMLDivElement>(null)
  const ids = { field: useId() }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const entered = new FormData(event.currentTarget).get('accessCode')
    const code = needsCode ? (typeof entered === 'string' ? entered : '') : undefined
    if (needsCode && !code?.trim()) {
      setNotice(noticeFor('empty'))
      focusAfterNotice(false)
      return
    }
    setBusy(true)
    setNotice(null)
    const result = await verifyAccess(retailer, code)
    if (result.kind === 'granted') {
      // A whole page load (server routing, decision 020): /docket's guard runs on the server.
      window.location.assign(DOCKET_PATH)
      return
    }
    if (result.kind === 'email' || result.kind === 'unavailable') {
      setBusy(false)
      onStep(result.kind)
      return
    }
    if (result.kind === 'error') console.error('Error verifying access code', result.error)
    setNotice(noticeFor(result.kind, 'retryAfter' in result ? result.retryAfter : undefined))
    setBusy(false)
    focusAfterNotice(true)
  }

  // Back to the field for another try, with the notice above it in view (not under the header).
  function focusAfterNotice(select: boolean) {
    requestAnimationFrame(() => {
      input.current?.focus({ preventScroll: true })
      if (select) input.current?.select()
      noticeBox.current?.scrollIntoView({ block: 'nearest' })
    })
  }

  const fieldProblem = notice?.kind === 'empty' || notice?.kind === 'invalid'
  return (
    <GateFormFrame
      form={form}
      onSubmit={onSubmit}
      noticeRef={noticeBox}
      submitLabel="Access Docket"
      busyLabel="Verifying..."
    >
      {needsCode ? (
        <>
          {/* Lets password managers file the code under this gate. */}
          <input type="text" name="username" autoComplete="username" value={retailer} readOnly hidden />
          <label className="gate-form__label" htmlFor={ids.field}>
            Access Code
          </label>
          <div className="gate-field">
            <input
              ref={input}
              id={ids.field}
              className="gate-field__input"
              type={reveal ? 'text' : 'password'}
              name="accessCode"
              autoComplete="current-password"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={256}
              required
              aria-invalid={fieldProblem || undefined}
              aria-describedby={fieldProblem ? form.noticeId : undefined}
              onInput={() => notice?.kind === 'empty' && setNotice(null)}
            />
            {form.hydrated ? (
              <button
                type="button"
                className="gate-field__reveal"
                aria-pressed={reveal}
                aria-controls={ids.field}
                onClick={() => setReveal((shown) => !shown)}
              >
                {reveal ? 'Hide' : 'Show'}
                <span className="visually-hidden"> access code</span>
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </GateFormFrame>
  )
}

/**
 * The notice a no-JS form post came back with (`?error=invalid&retry=42`). A wait is read by the
 * test the server keeps the gate's renders by (+queryVariants.ts), so the hydrated island shows
 * what the server's HTML shows for any URL.
 */
export function noticeFromQuery(search: Record<string, string>): Notice | null {
  if (!isGateError(search.error)) return null
  const retry =
    search.retry !== undefined && isRetryQueryValue(search.retry) ? Number(search.retry) : undefined
  return noticeFor(search.error, retry)
}
