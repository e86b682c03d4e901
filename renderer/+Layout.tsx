import { lazy, type ReactNode, Suspense } from 'react'
import { SiteFooter } from '../components/layout/SiteFooter'
import { SiteHeader } from '../components/layout/SiteHeader'
import './global.css'

// The toast region is empty until a form reports something, so sonner (~10 KB gzip) loads after
// hydration instead of in every page's first-load JS (issue #8: text pages ≤ 100 KB).
const SiteToaster = lazy(() =>
  import('../components/feedback/SiteToaster').then((module) => ({ default: module.SiteToaster })),
)

export default function Layout({ children }: { children: ReactNode }) {
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
      <Suspense fallback={null}>
        <SiteToaster />
      </Suspense>
    </>
  )
}
