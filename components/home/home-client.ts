// The islands of the home page and the docket (components/islands/README.md), each started when
// the visitor reaches or touches it; their +client.ts adds the header's plain DOM behaviour.
import { startIsland } from '../islands/start-island.ts'

startIsland('hero-video', () => import('./HeroVideo.tsx').then((m) => m.HeroVideo))
startIsland('meet-rm5', () => import('./MeetRm5.tsx').then((m) => m.MeetRm5))
startIsland('turntable', () => import('../media/turntable/Turntable.tsx').then((m) => m.Turntable))
startIsland('why-cards', () => import('./WhyCards.tsx').then((m) => m.WhyCards))
startIsland('showcase-media', () => import('./ShowcaseMedia.tsx').then((m) => m.ShowcaseMedia))
