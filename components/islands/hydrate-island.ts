// Loaded with React when an island starts (start-island.ts), never in a page's first load.
import { type ComponentType, createElement, type ReactNode, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { islandIdPrefix } from './island-id.ts'

/** Renders nothing of its own (the tree matches the server's); tells when hydration committed. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the hydration commits
  useEffect(onHydrated, [])
  return children
}

/** Hydrates `Component` into the element the server rendered it in (components/islands/Island.tsx). */
export function hydrateIsland(
  name: string,
  container: Element,
  Component: ComponentType,
  onHydrated: () => void,
): void {
  hydrateRoot(container, createElement(Hydrated, { onHydrated }, createElement(Component)), {
    identifierPrefix: islandIdPrefix(name),
  })
}
