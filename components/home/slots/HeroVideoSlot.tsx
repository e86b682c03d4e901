import { heroImageUrl } from '../../../lib/media'

// MEDIA SLOT (home hero video): replace with the autoplaying, muted hero video with its overlay
// play button for blocked autoplay. Keep the `home-hero__media` class: it fills the hero band.
export function HeroVideoSlot() {
  return (
    <img
      className="home-hero__media"
      src={heroImageUrl('home')}
      alt=""
      width={1920}
      height={1080}
      fetchPriority="high"
      decoding="async"
    />
  )
}
