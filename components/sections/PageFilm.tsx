import { brand } from '../../lib/brand.ts'
import { Video } from '../media/video/Video.tsx'

// The films of the technology and careers pages: the shared streamed video in a 16:9 frame with a
// caption. Each is an island of its page, and an island takes no props: one component per film.

export function AutonomyFilm() {
  return (
    <figure className="video-poster">
      <Video variant="ambient" title="autonomy film" />
      <figcaption className="video-poster__label glass">Autonomy in motion</figcaption>
    </figure>
  )
}

export function CareersFilm() {
  return (
    <figure className="video-poster">
      <Video variant="ambient" title="careers film" />
      <figcaption className="video-poster__label glass">Meet the {brand.product}ians</figcaption>
    </figure>
  )
}
