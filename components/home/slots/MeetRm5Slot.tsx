import { useState } from 'react'
import { brand } from '../../../lib/brand'
import { heroImageUrl } from '../../../lib/media'
import { VideoDialog } from '../../media/dialog/VideoDialog'
import { PlayIcon } from '../../media/icons'

// The 'Meet the RM5' card (docs/original-behaviour.md §2): opens the full-screen streamed film. Same footprint
// as the hero's card column; the dialog is rendered beside it and streams only while open.
export function MeetRm5Slot() {
  const [open, setOpen] = useState(false)
  const title = `Meet the ${brand.product}`
  return (
    <>
      <button
        type="button"
        className="meet-card meet-card--action"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="meet-card__media">
          <img
            className="meet-card__thumb"
            src={heroImageUrl('home')}
            alt=""
            width={160}
            height={90}
            loading="lazy"
            decoding="async"
          />
          <span className="meet-card__play" aria-hidden="true">
            <PlayIcon size={16} />
          </span>
        </span>
        <span className="meet-card__text">
          <span className="meet-card__title">{title}</span>
          <span className="meet-card__meta">Watch the film</span>
        </span>
      </button>
      <VideoDialog open={open} onClose={() => setOpen(false)} title={title} />
    </>
  )
}
