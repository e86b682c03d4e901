import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react'

/**
 * A modal confirm dialog on the native <dialog> element: showModal() makes the page behind it
 * inert and gives the dialog role and aria-modal. Tab is kept inside (the browser would
 * otherwise let it reach the address bar), Escape and a click on the backdrop mean Cancel, and
 * focus starts on Cancel so Enter never confirms by accident. Both buttons have a native action
 * too: Cancel submits a `method="dialog"` form (it closes the dialog), and Confirm submits the form
 * named by `confirmForm` (the action being confirmed), so neither is a button that does nothing.
 * `openInHtml` renders it open for a page that asks without JavaScript: a dialog in the page, not
 * a modal one (only script makes that), which hydration turns into the modal.
 */
export function ConfirmDialog({
  open,
  openInHtml = false,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onCancel,
  onConfirm,
  confirmForm,
  returnFocus,
}: {
  open: boolean
  /** Open in the server's HTML (the page asks without JavaScript); the same on every render. */
  openInHtml?: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string
  busy?: boolean
  /** A failure of the confirmed action, shown in the dialog (which stays open). */
  error?: string | null
  onCancel: () => void
  onConfirm: () => void
  /** The id of the form whose submission the confirm button stands for. */
  confirmForm: string
  /** Where focus goes when the dialog closes (the control that opens it). */
  returnFocus?: RefObject<HTMLElement | null>
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const ids = { title: useId(), text: useId() }

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.matches(':modal')) {
      // Open in the HTML but not modal: closed first, since showModal refuses an open dialog.
      if (element.open) element.close()
      element.showModal()
      cancel.current?.focus()
    } else if (!open && element.open) {
      element.close()
      // Not left to the browser: a dialog open since the page loaded has no opener to return to.
      returnFocus?.current?.focus()
    }
  }, [open, returnFocus])

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return
    const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('button:not(:disabled)') ?? [])]
    const first = focusable[0]
    const last = focusable.at(-1)
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={dialog}
      // Only ever the server's value: after hydration the effect above opens and closes it.
      open={openInHtml || undefined}
      className="confirm-dialog"
      aria-modal="true"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      onCancel={(event) => {
        // Escape: we close it through state, so React and the element never disagree.
        event.preventDefault()
        if (!busy) onCancel()
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // The dialog element itself is only hit on its backdrop; content sits in the panel.
        if (event.target === dialog.current && !busy) onCancel()
      }}
    >
      <div className="confirm-dialog__panel">
        <h2 className="confirm-dialog__title" id={ids.title}>
          {title}
        </h2>
        <div className="confirm-dialog__text" id={ids.text}>
          {children}
        </div>
        {error ? (
          <p className="confirm-dialog__error" role="alert">
            {error}
          </p>
        ) : null}
        <form method="dialog" className="confirm-dialog__actions">
          <button
            ref={cancel}
            // Without JavaScript a page that opens asking puts the keyboard on Cancel too.
            // biome-ignore lint/a11y/noAutofocus: a dialog's first control is where focus belongs (HTML's dialog focusing steps)
            autoFocus={openInHtml}
            type="submit"
            className="button button--ghost"
            onClick={(event) => {
              event.preventDefault()
              onCancel()
            }}
            disabled={busy}
          >
            Cancel
          </button>
          <button
            type="submit"
            form={confirmForm}
            className="button button--dark"
            onClick={(event) => {
              event.preventDefault()
              onConfirm()
            }}
            disabled={busy}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </form>
      </div>
    </dialog>
  )
}
