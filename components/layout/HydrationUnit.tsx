import { type ReactNode, Suspense } from 'react'

/**
 * A part of the page React hydrates on its own. Server-rendered content inside a Suspense
 * boundary is hydrated in a separate, interruptible pass after the page shell (React's selective
 * hydration), so a page cut into units never blocks the main thread for its whole hydration and
 * a click on a part that is not hydrated yet hydrates that part first. Nothing inside suspends:
 * the fallback is never shown (decision 020).
 */
export function HydrationUnit({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
