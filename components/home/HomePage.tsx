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
 * Rendered on the server only: its interactive parts are islands (components/islands/README.md),
 * started in the browser by home-client.ts when the visitor reaches or touches them.
 */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <HomeSpecs />
      <HomeClaims />
      <HomeViewer />
      <HomeWhy />
      <HomeShowcase />
      <HomeTestimonials />
      <CtaBand />
    </>
  )
}
