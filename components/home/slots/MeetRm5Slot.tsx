import { brand } from '../../../lib/brand'
import { heroImageUrl } from '../../../lib/media'

// MEDIA SLOT ('Meet the RM5' card): replace with the card that opens the full-screen streamed
// video dialog. This stand-in is a static teaser with the same footprint and no action.
export function MeetRm5Slot() {
  return (
    <div className="meet-card">
      <img
        className="meet-card__thumb"
        src={heroImageUrl('technology')}
        alt=""
        width={160}
        height={90}
        loading="lazy"
        decoding="async"
      />
      <div>
        <p className="meet-card__title">Meet the {brand.product}</p>
        <p className="meet-card__meta">The film · 2 min</p>
      </div>
    </div>
  )
}
