import { CtaBand } from '../sections/CtaBand.tsx'
import { HomeClaims } from './HomeClaims.tsx'
import { HomeHero } from './HomeHero.tsx'
import { HomeShowcase } from './HomeShowcase.tsx'
import { HomeSpecs } from './HomeSpecs.tsx'
import { HomeTestimonials } from './HomeTestimonials.tsx'
import { HomeTurntable } from './HomeTurntable.tsx'
import { HomeWhy } from './HomeWhy.tsx'

/**
 * The home page; /docket renders the same page for holders of an access grant (docs/original-behaviour.md §2).
 * Rendered on the server only: its interactive parts are islands (components/islands/README.md),
 * started in the browser by home-client.ts when the visitor reaches or touches them.
 */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <HomeSpecs />
      <HomeClaims />
      <HomeTurntable />
      <HomeWhy />
      <HomeShowcase />
      <HomeTestimonials />
      <CtaBand />
    </>
  )
}
