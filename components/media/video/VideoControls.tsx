import { PauseIcon, PlayIcon } from '../icons.tsx'

/** The big play button over the poster: autoplay was blocked, or is off for reduced motion. */
export function PlayOverlay({ label, onPlay }: { label: string; onPlay(): void }) {
  return (
    <button type="button" className="rm-video__play" onClick={onPlay} aria-label={label}>
      <PlayIcon size={30} />
    </button>
  )
}

/** The always-visible pause/play control of moving video (WCAG 2.2.2 Pause, Stop, Hide). */
export function PauseToggle({
  playing,
  title,
  onPlay,
  onPause,
}: {
  playing: boolean
  title: string
  onPlay(): void
  onPause(): void
}) {
  return (
    <button
      type="button"
      className="rm-video__toggle glass round-button"
      onClick={playing ? onPause : onPlay}
      aria-label={`${playing ? 'Pause' : 'Play'} ${title}`}
    >
      {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
    </button>
  )
}
