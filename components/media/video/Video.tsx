import { type RefObject, useMemo, useRef } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import {
  DEMO_PLAYBACK_ID,
  type PlaybackUrls,
  playbackUrls,
  storedPosterImage,
} from '../../../lib/video/playback.ts'
import { ResponsivePicture } from '../ResponsivePicture.tsx'
import { useInView } from '../use-in-view.ts'
import { useReducedMotion } from '../use-media-query.ts'
import { useVideoPlayer, type VideoPlayer } from './use-video-player.ts'
import { PauseToggle, PlayOverlay } from './VideoControls.tsx'

export interface StreamOptions {
  /** A bare playback id (resolved against VIDEO_BASE_URL) or a full .m3u8 URL. */
  playbackId?: string
  /** Try to start with sound (only right after a click, e.g. in a dialog); muted if refused. */
  sound?: boolean
  autoPlay?: boolean
  /** Load now instead of when scrolled near (a dialog that just opened). */
  eager?: boolean
}

export interface Stream {
  urls: PlaybackUrls
  player: VideoPlayer
  /** Buttons only once hydrated: in the server HTML alone they could not do anything. */
  hydrated: boolean
}

/**
 * A stream bound to a box: it loads once the box is within 200 px of the viewport (or at once when
 * `eager`), and autoplays unless reduced motion says otherwise. Its island starts after the page's
 * load event (components/islands/README.md), so a stream never competes with the first paint.
 */
export function useStream(box: RefObject<Element | null>, options: StreamOptions): Stream {
  const { playbackId = DEMO_PLAYBACK_ID, sound = false, autoPlay = true, eager = false } = options
  const urls = useMemo(() => playbackUrls(playbackId), [playbackId])
  const near = useInView(box, '200px')
  const reducedMotion = useReducedMotion()
  const hydrated = useHydrated()
  const player = useVideoPlayer({
    urls,
    active: eager || near,
    autoplay: autoPlay,
    sound,
    // A film the visitor asked for (sound) is not decorative motion.
    reducedMotion: reducedMotion && !sound,
  })
  return { urls, player, hydrated }
}

export interface VideoLayersProps {
  stream: Stream
  title: string
  ambient: boolean
  poster?: string
  priority?: boolean
  loop?: boolean
  sound?: boolean
  /**
   * The film plays behind other pictures (the showcase's frames): without JavaScript it shows its
   * still only, since a native player under them could be neither seen nor used, yet would take
   * Tab stops.
   */
  behind?: boolean
}

/** The poster (a real <img>: it paints and counts for LCP before any script) and the <video>. */
export function VideoLayers({
  stream,
  title,
  ambient,
  poster,
  priority,
  loop,
  sound,
  behind,
}: VideoLayersProps) {
  const { player, urls } = stream
  const still = poster ?? urls.poster
  // Our own still has AVIF/WebP/JPEG width variants (and a priority one is preloaded); a custom or
  // a provider's poster is a plain <img>.
  const image = poster ? undefined : storedPosterImage(urls)
  return (
    <>
      {image ? (
        <ResponsivePicture className="rm-video__poster" image={image} sizes="100vw" priority={priority} />
      ) : (
        <img
          className="rm-video__poster"
          src={still}
          alt=""
          width={960}
          height={540}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding={priority ? 'sync' : 'async'}
        />
      )}
      <video
        ref={player.ref}
        className="rm-video__media"
        muted={!sound}
        playsInline
        loop={loop}
        preload="none"
        controls={!ambient && player.state !== 'idle' && !player.overlay}
        poster={ambient ? undefined : still}
        disablePictureInPicture={ambient}
        disableRemotePlayback={ambient}
        aria-label={ambient ? undefined : title}
        aria-hidden={ambient ? true : undefined}
        tabIndex={ambient ? -1 : undefined}
      >
        Your browser does not support the video tag.
      </video>
      {/* Without JavaScript: the browser's own player of the mp4 rendition, with its controls
          (its poster is fetched only then). React leaves a <noscript>'s content alone. */}
      {behind ? null : (
        <noscript>
          <video
            className="rm-video__media rm-video__native"
            src={urls.mp4}
            poster={still}
            controls
            muted={!sound}
            playsInline
            loop={loop}
            preload="none"
            aria-label={title}
          />
        </noscript>
      )}
    </>
  )
}

/** The overlay play button, the pause toggle of ambient video, and the failure note. */
export function VideoButtons({
  stream,
  title,
  ambient,
}: {
  stream: Stream
  title: string
  ambient: boolean
}) {
  const { player, hydrated } = stream
  if (!hydrated) return null
  if (player.state === 'failed') {
    // Decorative film: the poster stays and the console has the details. A film someone asked
    // for says it cannot play.
    if (ambient) return null
    return (
      <p className="rm-video__error" role="status">
        This video can't be played right now.
      </p>
    )
  }
  if (player.overlay) return <PlayOverlay label={`Play ${title}`} onPlay={player.play} />
  if (!ambient) return null
  const playing = player.state !== 'paused' && player.state !== 'blocked'
  return <PauseToggle playing={playing} title={title} onPlay={player.play} onPause={player.pause} />
}

/** State for tests and diagnostics: which engine plays, and where the player is. */
export function streamData(stream: Stream) {
  return {
    'data-state': stream.player.state,
    'data-engine': stream.player.engine,
    'data-started': stream.player.started ? '' : undefined,
  }
}

export interface VideoProps extends StreamOptions {
  /** What the video shows, for its accessible name and its buttons. */
  title: string
  /**
   * `ambient`: muted, looping, no native controls, our own pause button (hero and backgrounds).
   * `player`: native controls (dialog, inline films).
   */
  variant?: 'ambient' | 'player'
  /** Defaults to the stream's poster.jpg. */
  poster?: string
  /** The poster is the page's largest image: load it first (LCP). */
  priority?: boolean
  fit?: 'cover' | 'contain'
  loop?: boolean
  className?: string
}

/**
 * One streamed video (docs/original-behaviour.md §7 "Video streaming"): native HLS, else hls.js loaded on demand, else
 * the mp4 rendition. Autoplays muted once the page has loaded and the video is near the viewport;
 * a blocked autoplay shows a play button. The box has a fixed aspect ratio: nothing shifts.
 */
export function Video({
  title,
  variant = 'player',
  poster,
  priority = false,
  fit = 'cover',
  loop = variant === 'ambient',
  className,
  ...options
}: VideoProps) {
  const box = useRef<HTMLDivElement>(null)
  const stream = useStream(box, options)
  const ambient = variant === 'ambient'
  const classes = ['rm-video', `rm-video--${variant}`, `rm-video--${fit}`, className]
    .filter(Boolean)
    .join(' ')
  return (
    <div ref={box} className={classes} {...streamData(stream)}>
      <VideoLayers
        stream={stream}
        title={title}
        ambient={ambient}
        poster={poster}
        priority={priority}
        loop={loop}
        sound={options.sound}
      />
      <VideoButtons stream={stream} title={title} ambient={ambient} />
    </div>
  )
}
