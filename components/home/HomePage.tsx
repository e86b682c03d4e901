import { HydrationUnit } from '../layout/HydrationUnit'
import { CtaBand } from '../sections/CtaBand'
import { HomeClaims } from './HomeClaims'
import { HomeHero } from './HomeHero'
import { HomeShowcase } from './HomeShowcase'
import { HomeSpecs } from './HomeSpecs'
import { HomeTestimonials } from './HomeTestimonials'
import { HomeViewer } from './HomeViewer'
import { HomeWhy } from './HomeWhy'

/**
 * The home page; /docket renders the same page for holders of an access grant (docs/original-behaviour.md §2).
 * Media parts are slots in components/home/slots (hero video, 'Meet the RM5' card, 360° viewer,
 * animated showcase); the text sections around them are server-rendered here. Each section
 * hydrates as its own unit, so no single hydration task spans the whole page.
 */
export function HomePage() {
  return (
    <>
      <HydrationUnit>
        <HomeHero />
      </HydrationUnit>
      <HydrationUnit>
        <HomeSpecs />
      </HydrationUnit>
      <HydrationUnit>
        <HomeClaims />
      </HydrationUnit>
      <HydrationUnit>
        <HomeViewer />
      </HydrationUnit>
      <HydrationUnit>
        <HomeWhy />
      </HydrationUnit>
      <HydrationUnit>
        <HomeShowcase />
      </HydrationUnit>
      <HydrationUnit>
        <HomeTestimonials />
      </HydrationUnit>
      <HydrationUnit>
        <CtaBand />
      </HydrationUnit>
    </>
  )
}
