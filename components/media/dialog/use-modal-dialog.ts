import { type RefObject, useEffect, useRef } from 'react'

/**
 * Drives a native <dialog> as a modal: showModal() makes the rest of the page inert (focus cannot
 * leave it, screen readers see only the dialog), Escape closes it through the `cancel` event, the
 * page behind does not scroll, and focus goes back to whatever opened it.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  onClose: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  const opener = useRef<HTMLElement | null>(null)
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    opener.current = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    // showModal() focuses the first focusable element; say which one it should be.
    initialFocus?.current?.focus()
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    const onCancel = (event: Event) => {
      event.preventDefault()
      close.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (dialog.open) dialog.close()
      root.style.overflow = overflow
      opener.current?.focus({ preventScroll: true })
    }
  }, [ref, open, initialFocus])
}
