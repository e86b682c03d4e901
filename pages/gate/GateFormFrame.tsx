import {
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type Ref,
  type SetStateAction,
  useId,
  useState,
} from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import type { PartnerSlug } from '../../lib/partners.ts'
import type { Notice } from './notices.ts'

export interface GateFormState {
  /** Where the form posts without JavaScript. */
  action: string
  retailer: PartnerSlug
  notice: Notice | null
  setNotice: Dispatch<SetStateAction<Notice | null>>
  busy: boolean
  setBusy: Dispatch<SetStateAction<boolean>>
  /** Before hydration the browser's own `required` check guards the plain form; after it, our notices do. */
  hydrated: boolean
  noticeId: string
}

/** The state both gate forms keep: the notice shown, a request under way, and hydration. */
export function useGateForm(
  action: string,
  retailer: PartnerSlug,
  initialNotice: Notice | null,
): GateFormState {
  const [notice, setNotice] = useState<Notice | null>(initialNotice)
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
  const noticeId = useId()
  return { action, retailer, notice, setNotice, busy, setBusy, hydrated, noticeId }
}

/**
 * What both gate forms (the code and the e-mail step) are made of: a plain POST form that names its
 * gate, the persistent alert region for notices above the fields, and the submit button, which is
 * never disabled (aria-disabled while busy, so focus stays on it).
 */
export function GateFormFrame({
  form: { action, retailer, hydrated, busy, notice, noticeId },
  onSubmit,
  noticeRef,
  submitLabel,
  busyLabel,
  children,
}: {
  form: GateFormState
  onSubmit(event: FormEvent<HTMLFormElement>): void
  noticeRef?: Ref<HTMLDivElement>
  submitLabel: string
  busyLabel: string
  children: ReactNode
}) {
  return (
    <form
      className="gate-form"
      method="post"
      action={action}
      noValidate={hydrated}
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      <input type="hidden" name="retailer" value={retailer} />
      <div className="gate-notice" id={noticeId} role="alert" ref={noticeRef}>
        {notice ? (
          <div className={`gate-notice__box gate-notice__box--${notice.kind}`}>
            <p className="gate-notice__title">{notice.title}</p>
            {notice.description ? <p className="gate-notice__text">{notice.description}</p> : null}
          </div>
        ) : null}
      </div>
      {children}
      <button
        type="submit"
        className="button button--accent button--block gate-form__submit"
        aria-disabled={busy || undefined}
      >
        {busy ? busyLabel : submitLabel}
        {busy ? null : (
          <span className="button__arrow" aria-hidden="true">
            →
          </span>
        )}
      </button>
    </form>
  )
}
