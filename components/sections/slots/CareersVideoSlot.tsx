import { brand } from '../../../lib/brand'
import { Video } from '../../media/video/Video'

// The careers film: the shared streamed video in the same 16:9 frame.
export function CareersVideoSlot() {
  return (
    <figure className="video-poster">
      <Video variant="ambient" title="careers film" />
      <figcaption className="video-poster__label">Meet the {brand.product}ians</figcaption>
    </figure>
  )
}
