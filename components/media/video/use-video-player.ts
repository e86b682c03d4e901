// The playback life of one <video>: attach a stream when the component becomes active (in view,
// dialog open), autoplay it when allowed, fall back along the engines when one fails, and leave
// nothing running on unmount (docs/original-behaviour.md §4 "Video": pause and clear the source).
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { type Engine, engineOrder, nextEngine } from '../../../lib/video/engines.ts'
import type { PlaybackUrls } from '../../../lib/video/playback.ts'
import { type Attached, attachEngine, isAbort, resetVideo } from './attach-source.ts'
import { playbackCapabilities } from './capabilities.ts'

export type VideoState = 'idle' | 'loading' | 'playing' | 'paused' | 'blocked' | 'failed'

export interface VideoPlayerOptions {
  urls: PlaybackUrls
  /** Load the stream now: in view, dialog open. Loading stops nothing once started. */
  active: boolean
  /** Start on its own once loaded (muted unless `sound`). */
  autoplay: boolean
  /** Try to autoplay with sound first (a dialog the visitor just opened), muted if refused. */
  sound?: boolean
  /** Decorative motion: under prefers-reduced-motion it waits for a click instead of autoplaying. */
  reducedMotion: boolean
}

export interface VideoPlayer {
  ref: RefObject<HTMLVideoElement | null>
  state: VideoState
  engine: Engine | undefined
  /** True once a frame has played: the poster can give way to the video. */
  started: boolean
  /** The overlay play button: autoplay was blocked, or is not wanted (reduced motion). */
  overlay: boolean
  play(): void
  pause(): void
}

/** video.play() as a value: undefined when playback started, else why not. */
const playOrError = (video: HTMLVideoElement): Promise<unknown> =>
  video.play().then(
    () => undefined,
    (error: unknown) => error ?? new Error('play() failed'),
  )

const isNotAllowed = (error: unknown) => (error as { name?: string } | null)?.name === 'NotAllowedError'

export function useVideoPlayer({
  urls,
  active,
  autoplay,
  sound = false,
  reducedMotion,
}: VideoPlayerOptions): VideoPlayer {
  const ref = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<VideoState>('idle')
  const [engine, setEngine] = useState<Engine>()
  const [started, setStarted] = useState(false)
  const attached = useRef<Attached | undefined>(undefined)
  const attaching = useRef<Promise<boolean> | undefined>(undefined)
  const controller = useRef<AbortController | undefined>(undefined)
  /** Paused because it scrolled out of view (resumed on return), not by the visitor. */
  const pausedForView = useRef(false)
  /** The visitor paused it: no autoplay or resume-on-scroll may start it again. */
  const userPaused = useRef(false)
  const wantsAutoplay = autoplay && !reducedMotion

  /** Attaches the first engine that can play the stream, starting at `from`. */
  const attach = useCallback(
    (from?: Engine): Promise<boolean> => {
      const video = ref.current
      if (!video) return Promise.resolve(false)
      controller.current ??= new AbortController()
      const signal = controller.current.signal
      const order = engineOrder(playbackCapabilities(video))

      const runFrom = async (first: Engine | undefined): Promise<boolean> => {
        setState((s) => (s === 'idle' || s === 'failed' ? 'loading' : s))
        for (let next = first; next; next = nextEngine(order, next)) {
          const current = next
          try {
            attached.current = await attachEngine(video, current, urls, {
              signal,
              onFailure: (error) => {
                console.warn(`Video: ${current} playback failed`, error)
                void fallBack(current)
              },
            })
            setEngine(current)
            setState((s) => (s === 'loading' ? 'paused' : s))
            return true
          } catch (error) {
            if (isAbort(error)) return false
            console.warn(`Video: ${current} cannot play ${urls.hls}`, error)
          }
        }
        setState('failed')
        return false
      }

      // A runtime failure: resume on the next engine where the failed one stopped.
      const fallBack = async (failed: Engine) => {
        const position = video.currentTime
        const wasPlaying = !video.paused
        attached.current?.detach()
        attached.current = undefined
        const next = nextEngine(order, failed)
        if (!next) return setState('failed')
        if (!(await runFrom(next))) return
        video.currentTime = position
        if (wasPlaying) void video.play().catch(() => setState('blocked'))
      }

      attaching.current = runFrom(from ?? order[0]).finally(() => {
        attaching.current = undefined
      })
      return attaching.current
    },
    [urls],
  )

  const start = useCallback(
    async (auto: boolean) => {
      const video = ref.current
      if (!video) return
      if (!attached.current && !(await (attaching.current ?? attach()))) return
      if (auto && userPaused.current) return
      if (auto) video.muted = !sound
      let error = await playOrError(video)
      if (!error) return
      if (isNotAllowed(error) && !video.muted) {
        // Sound was refused: muted playback is still allowed almost everywhere.
        video.muted = true
        error = await playOrError(video)
        if (!error) return
      }
      if (isAbort(error)) return
      if (isNotAllowed(error)) {
        if (auto) console.log('Auto-play prevented', error)
        setState('blocked')
      } else {
        console.warn('Video: play failed', error)
      }
    },
    [attach, sound],
  )

  // Keep the state in step with the element, whoever paused or played it (native controls too).
  useEffect(() => {
    const video = ref.current
    if (!video) return
    const onPlaying = () => {
      setState('playing')
      setStarted(true)
    }
    const onPause = () => setState((s) => (s === 'failed' || s === 'loading' ? s : 'paused'))
    video.addEventListener('playing', onPlaying)
    video.addEventListener('pause', onPause)
    return () => {
      video.removeEventListener('playing', onPlaying)
      video.removeEventListener('pause', onPause)
    }
  }, [])

  // Becoming active: load, and autoplay when wanted. Leaving the viewport pauses an autoplaying
  // video (no decoding off screen) and returning resumes it, unless the visitor paused it.
  useEffect(() => {
    const video = ref.current
    if (!video) return
    if (active) {
      if (pausedForView.current) {
        pausedForView.current = false
        if (!userPaused.current) void video.play().catch(() => {})
      } else if (wantsAutoplay && !attached.current && !attaching.current) {
        void start(true)
      }
    } else if (!video.paused) {
      pausedForView.current = true
      video.pause()
    }
  }, [active, wantsAutoplay, start])

  // On unmount or a new stream: stop loading, free hls.js, clear the source.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new stream (urls) must reset the old one
  useEffect(() => {
    const video = ref.current
    return () => {
      controller.current?.abort()
      controller.current = undefined
      attached.current?.detach()
      attached.current = undefined
      if (video) resetVideo(video)
      setEngine(undefined)
      setState('idle')
      setStarted(false)
    }
  }, [urls])

  const play = useCallback(() => {
    pausedForView.current = false
    userPaused.current = false
    void start(false)
  }, [start])
  const pause = useCallback(() => {
    pausedForView.current = false
    userPaused.current = true
    ref.current?.pause()
    // Paused before it even started: show the play state now, and autoplay will not override it.
    setState((s) => (s === 'idle' || s === 'loading' ? 'paused' : s))
  }, [])

  const overlay = state === 'blocked' || (state === 'idle' && autoplay && reducedMotion)
  return { ref, state, engine, started, overlay, play, pause }
}
