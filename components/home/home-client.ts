// The browser code of the home page and the docket (components/islands/README.md): the header's
// plain DOM behaviour at once, each island when the visitor reaches or touches it.
import '../../renderer/html-only-client.ts'
import { startIsland } from '../islands/start-island.ts'

startIsland('hero-video', () => import('./HeroVideo.tsx').then((m) => m.HeroVideo))
startIsland('meet-rm5', () => import('./MeetRm5.tsx').then((m) => m.MeetRm5))
startIsland('turntable', () => import('../media/turntable/Turntable.tsx').then((m) => m.Turntable))
startIsland('why-cards', () => import('./WhyCards.tsx').then((m) => m.WhyCards))
startIsland('showcase-media', () => import('./ShowcaseMedia.tsx').then((m) => m.ShowcaseMedia))
