import { Video } from '../media/video/Video.tsx'

// The home hero's autoplaying background film (docs/original-behaviour.md §2): muted, looping, behind the h1.
// Its poster is the page's LCP image, so it loads first; the island starts after the load event.
// Without JavaScript the same <video> has native controls and plays the mp4 rendition.
export function HeroVideo() {
  return <Video variant="ambient" title="background video" priority className="home-hero__media hero-video" />
}
