import { Viewer360 } from '../../media/viewer/Viewer360'

// The 360° product viewer over the `360` bucket (and its fallbacks), in the section's stage.
export function Viewer360Slot() {
  return <Viewer360 />
}
