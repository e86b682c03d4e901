import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { HydrationUnit } from '../components/layout/HydrationUnit'
import { SiteFooter } from '../components/layout/SiteFooter'
import { SiteHeader } from '../components/layout/SiteHeader'

// The toast region is empty until a form reports something, so sonner loads after hydration
// instead of in every React page's first-load JS.
const SiteToaster = lazy(() =>
  import('../components/feedback/SiteToaster').then((module) => ({ default: module.SiteToaster })),
)

export default function Layout({ children }: { children: ReactNode }) {
  // Mounted only after hydration: a lazy component rendered on the server suspends, and React then
  // abandons server HTML for the boundary (error #419 on hydration).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <HydrationUnit>
        <SiteHeader />
      </HydrationUnit>
      <main id="main" tabIndex={-1}>
        <HydrationUnit>{children}</HydrationUnit>
      </main>
      <HydrationUnit>
        <SiteFooter />
      </HydrationUnit>
      {hydrated ? (
        <Suspense fallback={null}>
          <SiteToaster />
        </Suspense>
      ) : null}
    </>
  )
}
