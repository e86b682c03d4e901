import { brand } from '../../../lib/brand'
import { mediaUrl } from '../../../lib/media'
import { VideoPoster } from '../VideoPoster'

// MEDIA SLOT (technology autonomy video): replace with the shared streamed video component; the
// poster keeps the same 16:9 footprint until then.
export function AutonomyVideoSlot() {
  return (
    <VideoPoster
      src={mediaUrl('video', 'rm5-demo/poster.jpg')}
      alt={`The ${brand.product} driving itself through a neighborhood street`}
      label="Autonomy in motion"
    />
  )
}
