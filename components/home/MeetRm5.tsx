import { useState } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { brand } from '../../lib/brand.ts'
import { heroImageUrl } from '../../lib/media.ts'
import { DEMO_PLAYBACK_ID, playbackUrls } from '../../lib/video/playback.ts'
import { VideoDialog } from '../media/dialog/VideoDialog.tsx'
import { PlayIcon } from '../media/icons.tsx'

// The 'Meet the RM5' card (docs/original-behaviour.md §2). In the HTML it is a link to the film's
// mp4 rendition, which every browser plays by itself; once the island has hydrated it opens the
// streamed film in a dialog instead (a press made before then is held and replayed: it opens the
// dialog, it does not leave the page). The dialog streams only while open.
export function MeetRm5() {
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  const title = `Meet the ${brand.product}`
  return (
    <>
      <a
        href={playbackUrls(DEMO_PLAYBACK_ID).mp4}
        className="meet-card meet-card--action"
        // early-input.ts: a press before hydration is held, then opens the dialog
        data-island-defer=""
        role={hydrated ? 'button' : undefined}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
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
      </a>
      <VideoDialog open={open} onClose={() => setOpen(false)} title={title} />
    </>
  )
}
