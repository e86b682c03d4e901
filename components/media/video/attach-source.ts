// Puts a stream on a <video> with one engine at a time (lib/video/engines.ts): native HLS,
// hls.js (imported only here, so it never weighs on the first load), or the mp4 rendition.
// Resolves once the engine has loaded metadata; rejects when the engine cannot play the stream.
import type { Engine } from '../../../lib/video/engines.ts'
import type { PlaybackUrls } from '../../../lib/video/playback.ts'

export interface Attached {
  engine: Engine
  /** Stops all loading and frees the engine (hls.js instance, its worker and buffers). */
  detach(): void
}

export interface AttachOptions {
  /** Called when the engine fails after it was ready (network loss, a broken segment). */
  onFailure(error: Error): void
  signal: AbortSignal
}

class EngineError extends Error {}

/** Clears the element completely, so it stops requesting anything (per the HTML spec's advice). */
export function resetVideo(video: HTMLVideoElement): void {
  video.pause()
  video.removeAttribute('src')
  video.load()
}

function waitForMetadata(video: HTMLVideoElement, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) return resolve()
    const done = (error?: Error) => {
      video.removeEventListener('loadedmetadata', onLoaded)
      video.removeEventListener('error', onError)
      signal.removeEventListener('abort', onAbort)
      if (error) reject(error)
      else resolve()
    }
    const onLoaded = () => done()
    const onError = () =>
      done(new EngineError(video.error?.message || `media error ${video.error?.code ?? ''}`))
    const onAbort = () => done(new DOMException('aborted', 'AbortError'))
    video.addEventListener('loadedmetadata', onLoaded)
    video.addEventListener('error', onError)
    signal.addEventListener('abort', onAbort)
  })
}

/** Native playback of a URL (an HLS playlist where the browser plays them, or the mp4). */
async function attachUrl(
  video: HTMLVideoElement,
  engine: Engine,
  url: string,
  options: AttachOptions,
): Promise<Attached> {
  video.src = url
  video.load()
  try {
    await waitForMetadata(video, options.signal)
  } catch (error) {
    resetVideo(video)
    throw error
  }
  const onError = () => options.onFailure(new EngineError(video.error?.message || 'media error'))
  video.addEventListener('error', onError)
  return {
    engine,
    detach() {
      video.removeEventListener('error', onError)
      resetVideo(video)
    },
  }
}

async function attachHlsJs(video: HTMLVideoElement, url: string, options: AttachOptions): Promise<Attached> {
  // The light build (no subtitles, alternate audio or DRM: our streams use none) and its worker
  // file, served from our origin: CSP worker-src 'self' covers it, and the worker keeps
  // transmuxing off the main thread. MSE itself plays from blob: URLs (media-src blob:).
  const [{ default: Hls }, { default: workerPath }] = await Promise.all([
    import('hls.js/light'),
    import('hls.js/dist/hls.worker.js?url'),
  ])
  if (options.signal.aborted) throw new DOMException('aborted', 'AbortError')
  if (!Hls.isSupported()) throw new EngineError('hls.js is not supported here')
  const hls = new Hls({ workerPath, capLevelToPlayerSize: true, backBufferLength: 30 })
  let ready = false
  let recovered = false
  const failure = new Promise<never>((_, reject) => {
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return
      // One media-error recovery is hls.js's documented remedy for a decode hiccup.
      if (ready && !recovered && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
        recovered = true
        hls.recoverMediaError()
        return
      }
      const error = new EngineError(`hls.js: ${data.details}`)
      if (ready) options.onFailure(error)
      else reject(error)
    })
  })
  failure.catch(() => {}) // raced below; a late rejection after a metadata error is not news
  hls.loadSource(url)
  hls.attachMedia(video)
  try {
    await Promise.race([waitForMetadata(video, options.signal), failure])
  } catch (error) {
    hls.destroy()
    resetVideo(video)
    throw error
  }
  ready = true
  return {
    engine: 'hls.js',
    detach() {
      hls.destroy()
      resetVideo(video)
    },
  }
}

export function attachEngine(
  video: HTMLVideoElement,
  engine: Engine,
  urls: PlaybackUrls,
  options: AttachOptions,
): Promise<Attached> {
  switch (engine) {
    case 'native':
      return attachUrl(video, 'native', urls.hls, options)
    case 'hls.js':
      return attachHlsJs(video, urls.hls, options)
    case 'mp4':
      return attachUrl(video, 'mp4', urls.mp4, options)
  }
}

export const isAbort = (error: unknown): boolean => (error as { name?: string } | null)?.name === 'AbortError'
