// Which way a browser should try to play a stream, best first (docs/original-behaviour.md §7 "Video streaming";
// docs/architecture.md: Media): native HLS where the browser plays playlists itself (Safari, iOS, recent
// Chromium), else hls.js over Media Source Extensions (loaded only then), else the progressive mp4
// rendition. Each later engine is also the fallback when an earlier one fails at runtime: a
// browser can claim native HLS ('maybe') and still fail a given stream.
export type Engine = 'native' | 'hls.js' | 'mp4'

export interface PlaybackCapabilities {
  /** video.canPlayType('application/vnd.apple.mpegurl') is 'maybe' or 'probably'. */
  nativeHls: boolean
  /** MediaSource (or iOS's ManagedMediaSource) exists and takes H.264 in fMP4. */
  mse: boolean
}

export function engineOrder(caps: PlaybackCapabilities): Engine[] {
  const order: Engine[] = []
  if (caps.nativeHls) order.push('native')
  if (caps.mse) order.push('hls.js')
  order.push('mp4')
  return order
}

/** The engine after `failed` in the order, or undefined when every engine has been tried. */
export function nextEngine(order: readonly Engine[], failed: Engine): Engine | undefined {
  const index = order.indexOf(failed)
  return index === -1 ? undefined : order[index + 1]
}
