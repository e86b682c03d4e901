import { describe, expect, it } from 'vitest'
import { isPlaylistUrl, playbackUrls, storedPosterImage, videoBaseUrl } from './playback.ts'

describe('playbackUrls', () => {
  it('builds the playlist, mp4 rendition and poster of a bare id from the base', () => {
    expect(playbackUrls('rm5-demo', '/media/video')).toEqual({
      hls: '/media/video/rm5-demo.m3u8',
      mp4: '/media/video/rm5-demo/high.mp4',
      poster: '/media/video/rm5-demo/poster.jpg',
    })
    expect(playbackUrls('AbC_12', 'https://stream.mux.com/').hls).toBe('https://stream.mux.com/AbC_12.m3u8')
    expect(playbackUrls('AbC_12', 'https://stream.mux.com').mp4).toBe(
      'https://stream.mux.com/AbC_12/high.mp4',
    )
  })

  it('uses a full .m3u8 URL as is and finds the renditions beside it', () => {
    const url = 'https://cdn.example.com/v/film.m3u8?token=abc'
    expect(playbackUrls(url)).toEqual({
      hls: url,
      mp4: 'https://cdn.example.com/v/film/high.mp4',
      poster: 'https://cdn.example.com/v/film/poster.jpg',
    })
    expect(playbackUrls('/media/video/rm5-demo.m3u8').mp4).toBe('/media/video/rm5-demo/high.mp4')
  })

  it('defaults to the video bucket of our own storage', () => {
    expect(videoBaseUrl).toBe('/media/video')
    expect(playbackUrls('rm5-demo').hls).toBe('/media/video/rm5-demo.m3u8')
  })

  it('refuses ids that would escape the base', () => {
    expect(() => playbackUrls('')).toThrow(/empty/)
    expect(() => playbackUrls('../secret')).toThrow(/Invalid/)
    expect(() => playbackUrls('a/b')).toThrow(/Invalid/)
    expect(isPlaylistUrl('film.m3u8')).toBe(false)
    expect(isPlaylistUrl('javascript:alert(1)//x.m3u8')).toBe(false)
  })

  it('gives our own still responsive variants, and a provider still none', () => {
    const ours = storedPosterImage(playbackUrls('rm5-demo'))
    expect(ours?.src).toBe('/media/video/rm5-demo/poster.jpg')
    expect(ours?.sources[0]?.srcSet).toBe(
      '/media/video/rm5-demo/poster.w640.avif 640w, /media/video/rm5-demo/poster.w960.avif 960w',
    )
    expect([ours?.width, ours?.height]).toEqual([960, 540])
    const cdn = 'https://cdn.example.com/video'
    expect(storedPosterImage(playbackUrls('rm5-demo', cdn), cdn)?.srcSet).toBe(
      'https://cdn.example.com/video/rm5-demo/poster.w640.jpg 640w, https://cdn.example.com/video/rm5-demo/poster.jpg 960w',
    )
    expect(storedPosterImage(playbackUrls('AbC_12', 'https://stream.mux.com'))).toBeUndefined()
    expect(storedPosterImage(playbackUrls('https://cdn.example.com/v/film.m3u8'))).toBeUndefined()
  })
})
