import type { PlaybackCapabilities } from '../../../lib/video/engines.ts'

// What this browser can play. MSE is checked with the codecs our streams use (H.264 + AAC), so
// hls.js is only loaded where it can actually play them.
const HLS_MIME = 'application/vnd.apple.mpegurl'
const MSE_CODECS = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"'

type MediaSourceLike = { isTypeSupported(type: string): boolean }

export function playbackCapabilities(video: HTMLVideoElement): PlaybackCapabilities {
  const scope = window as unknown as { MediaSource?: MediaSourceLike; ManagedMediaSource?: MediaSourceLike }
  const source = scope.ManagedMediaSource ?? scope.MediaSource
  return {
    nativeHls: video.canPlayType(HLS_MIME) !== '',
    mse: typeof source?.isTypeSupported === 'function' && source.isTypeSupported(MSE_CODECS),
  }
}
