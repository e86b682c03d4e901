import { brand } from '../../../lib/brand'
import { mediaUrl } from '../../../lib/media'

// MEDIA SLOT (animated showcase): replace with the header animation (the JSON animation file at
// the site root), the muted inline background video, the parallax layers and the 7-frame hero
// sequence. The stand-in shows the sequence's resting frame in the same stage.
export function ShowcaseMediaSlot() {
  return (
    <div className="showcase-stage">
      <img
        className="showcase-stage__image"
        src={mediaUrl('360', 'hero/0_0.png')}
        alt={`The ${brand.product} at the curb with one locker open and an order inside`}
        width={1200}
        height={800}
        loading="lazy"
        decoding="async"
      />
    </div>
  )
}
