import { useId, useRef } from 'react'
import { CloseIcon } from '../icons.tsx'
import { Video } from '../video/Video.tsx'
import { useModalDialog } from './use-modal-dialog.ts'

/**
 * A full-screen film (the 'Meet the RM5' card). The <Video> mounts only while open, so nothing
 * streams before the visitor asks, and closing unmounts it: playback stops and hls.js is freed.
 * Focus guards at both ends keep Tab inside the dialog even past the native video controls.
 */
export function VideoDialog({
  open,
  onClose,
  title,
  playbackId,
}: {
  open: boolean
  onClose: () => void
  title: string
  playbackId?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const video = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useModalDialog(ref, open, onClose, closeButton)

  const focusLast = () => (video.current?.querySelector('video, button') as HTMLElement | null)?.focus()
  return (
    <dialog ref={ref} className="video-dialog" aria-labelledby={titleId}>
      {open && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/noStaticElementInteractions: a focus guard: Shift+Tab from the first control wraps to the last */}
          <span className="video-dialog__guard" tabIndex={0} onFocus={focusLast} />
          <div className="video-dialog__bar">
            <h2 id={titleId} className="video-dialog__title">
              {title}
            </h2>
            <button
              ref={closeButton}
              type="button"
              className="video-dialog__close glass round-button"
              onClick={onClose}
              aria-label="Close video"
            >
              <CloseIcon />
            </button>
          </div>
          <div ref={video} className="video-dialog__stage">
            <Video
              playbackId={playbackId}
              title={title}
              variant="player"
              sound
              eager
              fit="contain"
              className="video-dialog__video"
            />
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/noStaticElementInteractions: a focus guard: Tab past the video controls wraps to the close button */}
          <span className="video-dialog__guard" tabIndex={0} onFocus={() => closeButton.current?.focus()} />
        </>
      )}
    </dialog>
  )
}
