import { brand } from '../../../lib/brand'
import { mediaUrl } from '../../../lib/media'

// MEDIA SLOT (360° product viewer): replace with the drag-to-rotate viewer over the `360`
// bucket. The stand-in shows the first frame (rm5_1.jpg) in the same stage.
export function Viewer360Slot() {
  return (
    <div className="viewer-stage">
      <img
        className="viewer-stage__image"
        src={mediaUrl('360', 'rm5_1.jpg')}
        alt={`The ${brand.product} seen from the front three-quarter view`}
        width={1200}
        height={800}
        loading="lazy"
        decoding="async"
      />
    </div>
  )
}
