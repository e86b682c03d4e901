import { DEMO_PLAYBACK_ID, playbackUrls, storedPosterImage } from '../../lib/video/playback.ts'
import { PreloadImage } from '../media/PreloadImage.tsx'

/** The home page's LCP image: the hero film's poster (components/home/HeroVideo.tsx). */
export function HomeHead() {
  const poster = storedPosterImage(playbackUrls(DEMO_PLAYBACK_ID))
  return poster ? <PreloadImage image={poster} sizes="100vw" /> : null
}
