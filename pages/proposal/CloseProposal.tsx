import { type FormEvent, useId, useRef, useState } from 'react'
import { CloseIcon } from '../../components/media/icons.tsx'
import { CLOSE_QUERY, LOGOUT_PATH, PROPOSAL_PATH } from '../../lib/access.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'

/**
 * The proposal header's close button. It asks first (the spec's dialog); Close then ends the
 * circlek grant on the server, so the dialog's sentence holds: reopening the proposal needs the
 * code again. With JavaScript the dialog opens in place and Close posts with fetch. Without it,
 * the button's form asks for the proposal with `?close=confirm`, whose HTML has the dialog open:
 * Cancel closes it, Close posts the logout form, which redirects to /. The page's `proposal-close`
 * island: `asked` is whether the address asks that question (`?close=confirm`).
 */
export function CloseProposal({ asked }: { asked: boolean }) {
  const [open, setOpen] = useState(asked)
  const logoutId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const trigger = useRef<HTMLButtonElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    setOpen(true)
  }

  function cancel() {
    setOpen(false)
    // Reached through the no-JS question: the address stops asking it.
    if (asked) window.history.replaceState(window.history.state, '', PROPOSAL_PATH)
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
      <form method="get" action={PROPOSAL_PATH} onSubmit={onSubmit} className="proposal-close">
        <input type="hidden" name={CLOSE_QUERY.name} value={CLOSE_QUERY.value} />
        <button
          ref={trigger}
          type="submit"
          // Pressed before the island has started: held, then the dialog opens in place.
          data-island-defer=""
          className="button button--ghost button--sm proposal-close__button"
        >
          <CloseIcon size={18} weight={2} />
          Close proposal
        </button>
      </form>
      {/* What the dialog's Close submits, with JavaScript or without. */}
      <form id={logoutId} method="post" action={LOGOUT_PATH} hidden>
        <input type="hidden" name="retailer" value="circlek" />
      </form>
      <ConfirmDialog
        open={open}
        openInHtml={asked}
        title="Close Proposal"
        confirmLabel="Close"
        busyLabel="Closing..."
        busy={busy}
        error={error}
        onCancel={cancel}
        onConfirm={confirm}
        confirmForm={logoutId}
        returnFocus={trigger}
      >
        <p>
          Are you sure you want to close this proposal? You'll need to enter the access code again to view it.
        </p>
      </ConfirmDialog>
    </>
  )
}
