import { type FormEvent, useId, useRef, useState } from 'react'
import { CloseIcon } from '../../components/media/icons.tsx'
import { LOGOUT_PATH } from '../../lib/access.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'

/**
 * The proposal header's close button. With JavaScript it asks first (the spec's dialog); Close
 * then ends the circlek grant on the server, so the dialog's sentence holds: reopening the
 * proposal needs the code again. Without JavaScript the button is a plain form post that does
 * the same and redirects to /.
 */
export function CloseProposal() {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const formId = useId()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setOpen(true)
  }

  function cancel() {
    setOpen(false)
    trigger.current?.focus()
  }

  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      const response = await fetch(LOGOUT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ retailer: 'circlek' }),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`logout answered ${response.status}`)
    } catch (failure) {
      console.error('Could not close the proposal', failure)
      setError('Could not close the proposal. Please check your connection and try again.')
      setBusy(false)
      return
    }
    setOpen(false)
    // A whole page load (server routing, decision 020): the home page opens at its top, which is
    // the spec's scroll reset after closing the proposal (section 9).
    window.location.assign('/')
  }

  return (
    <>
      <form id={formId} method="post" action={LOGOUT_PATH} onSubmit={onSubmit} className="proposal-close">
        <input type="hidden" name="retailer" value="circlek" />
        <button
          ref={trigger}
          type="submit"
          className="button button--ghost button--sm proposal-close__button"
        >
          <CloseIcon size={18} weight={2} />
          Close proposal
        </button>
      </form>
      <ConfirmDialog
        open={open}
        title="Close Proposal"
        confirmLabel="Close"
        busyLabel="Closing..."
        busy={busy}
        error={error}
        onCancel={cancel}
        onConfirm={confirm}
        confirmForm={formId}
      >
        <p>
          Are you sure you want to close this proposal? You'll need to enter the access code again to view it.
        </p>
      </ConfirmDialog>
    </>
  )
}
