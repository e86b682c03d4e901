import { useRef } from 'react'
import { brand } from '../../lib/brand.ts'
import { HeroFrames } from '../media/motion/HeroFrames.tsx'
import { LottieHeader } from '../media/motion/LottieHeader.tsx'
import { Parallax } from '../media/motion/Parallax.tsx'
import { streamData, useStream, VideoButtons, VideoLayers } from '../media/video/Video.tsx'

// The animated showcase (docs/original-behaviour.md §2, hero section): a muted inline background film and the
// header animation on parallax layers, around the 7-frame sequence (a locker opens on hover).
// The film's buttons sit on the stage rather than in its layer, so the frames never cover them.
export function ShowcaseMedia() {
  const stage = useRef<HTMLDivElement>(null)
  const stream = useStream(stage, {})
  const title = 'background film'
  return (
    <div ref={stage} className="showcase-stage showcase-media">
      <Parallax className="showcase-media__backdrop">
        <div className="rm-video rm-video--ambient showcase-media__video" {...streamData(stream)}>
          <VideoLayers stream={stream} title={title} ambient loop behind />
        </div>
      </Parallax>
      <div className="showcase-media__frames">
        <HeroFrames label={`The ${brand.product} at the curb; one locker opens to show an order inside`} />
      </div>
      <Parallax speed={0.22} className="showcase-media__header">
        <LottieHeader label={`${brand.product}: ten lockers, one of them holding your order`} />
      </Parallax>
      <div className="showcase-media__buttons">
        <VideoButtons stream={stream} title={title} ambient />
      </div>
    </div>
  )
}
