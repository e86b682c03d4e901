import { lazy, type ReactNode, Suspense } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
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
  const hydrated = useHydrated()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      {hydrated ? (
        <Suspense fallback={null}>
          <SiteToaster />
        </Suspense>
      ) : null}
    </>
  )
}
