import { brand } from '../../../lib/brand'
import { heroImageUrl } from '../../../lib/media'
import { VideoPoster } from '../VideoPoster'

// MEDIA SLOT (careers video): replace with the shared streamed video component; the poster keeps
// the same 16:9 footprint until then.
export function CareersVideoSlot() {
  return (
    <VideoPoster
      src={heroImageUrl('careers')}
      alt={`The ${brand.product} team at work`}
      label={`Meet the ${brand.product}ians`}
    />
  )
}
