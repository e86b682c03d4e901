import { Video } from '../../media/video/Video'

// The technology page's autonomy film: the shared streamed video in the same 16:9 frame.
export function AutonomyVideoSlot() {
  return (
    <figure className="video-poster">
      <Video variant="ambient" title="autonomy film" />
      <figcaption className="video-poster__label">Autonomy in motion</figcaption>
    </figure>
  )
}
