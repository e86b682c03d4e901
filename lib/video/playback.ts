// Playback id → URLs (docs/original-behaviour.md §3 "Video input"). A bare id is resolved against the streaming base
// (VIDEO_BASE_URL; by default the `video` bucket of our own storage, so the demo
// stream plays offline): {base}/{id}.m3u8, {base}/{id}/high.mp4, {base}/{id}/poster.jpg. That is
// also Mux's layout for the playlist and the mp4 rendition, so a provider is only a base away.
// A full .m3u8 URL is used as is, and its renditions sit beside it the same way.

import { mediaPublicBase } from '../media.ts'
import { type ResponsiveImage, responsiveImage } from '../responsive-images.ts'
import { siteConfig } from '../site-config.ts'

/** Where our own `video` bucket is served (the /media route or MEDIA_PUBLIC_URL). */
export const storageVideoBase = mediaPublicBase ? `${mediaPublicBase}/video` : '/media/video'

/** The streaming base in effect: VIDEO_BASE_URL, else the video bucket where media is served. */
export const videoBaseUrl = (siteConfig().VIDEO_BASE_URL ?? storageVideoBase).replace(/\/+$/, '')

/** The size of a stored still (the demo renders 960 x 540; the <img> reserves this box). */
export const POSTER_WIDTH = 960
export const POSTER_HEIGHT = 540

export interface PlaybackUrls {
  /** The HLS playlist. */
  hls: string
  /** The progressive mp4 rendition, for browsers with neither native HLS nor MSE. */
  mp4: string
  /** A still of the video (our storage layout; pass `poster` to override it for a provider). */
  poster: string
}

const PLAYLIST = /\.m3u8$/i

/** True for a full playlist URL (absolute or root-relative) rather than a bare id. */
export function isPlaylistUrl(playbackId: string): boolean {
  const path = playbackId.split(/[?#]/, 1)[0] ?? ''
  return PLAYLIST.test(path) && (/^https?:\/\//i.test(playbackId) || playbackId.startsWith('/'))
}

export function playbackUrls(playbackId: string, base: string = videoBaseUrl): PlaybackUrls {
  const id = playbackId.trim()
  if (!id) throw new Error('playbackId is empty')
  if (isPlaylistUrl(id)) {
    // Renditions live beside the playlist: …/abc.m3u8 → …/abc/high.mp4 (query strings such as
    // signed tokens apply to the playlist only).
    const stem = (id.split(/[?#]/, 1)[0] as string).replace(PLAYLIST, '')
    return { hls: id, mp4: `${stem}/high.mp4`, poster: `${stem}/poster.jpg` }
  }
  if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`Invalid playbackId "${playbackId}"`)
  const root = base.replace(/\/+$/, '')
  return { hls: `${root}/${id}.m3u8`, mp4: `${root}/${id}/high.mp4`, poster: `${root}/${id}/poster.jpg` }
}

/** The demo stream added to empty storage on first start (demo-media/video, decision 030). */
export const DEMO_PLAYBACK_ID = 'rm5-demo'

/**
 * The still as a responsive image when it lives in our video bucket, where the demo and the media
 * CLI store its AVIF/WebP/JPEG variants beside it; undefined for a provider's still, which has none.
 */
export function storedPosterImage(
  urls: PlaybackUrls,
  storageBase: string = storageVideoBase,
): ResponsiveImage | undefined {
  if (!urls.poster.startsWith(`${storageBase}/`)) return undefined
  return responsiveImage(urls.poster, POSTER_WIDTH, POSTER_HEIGHT)
}
