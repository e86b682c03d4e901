// The one toast region of the site (sonner), mounted by renderer/+Layout.tsx. Sonner renders a
// labelled live region ("Notifications alt+T"), so screen readers announce each toast.
import type { CSSProperties } from 'react'
import { Toaster } from 'sonner'

// Sonner's theme variables, set to the site's palette: an ink card with light text.
const palette = {
  '--normal-bg': 'var(--ink-2)',
  '--normal-text': 'var(--paper)',
  '--normal-border': 'var(--ink-4)',
  '--border-radius': 'var(--radius)',
} as CSSProperties

export function SiteToaster() {
  return (
    <Toaster
      theme="dark"
      position="bottom-right"
      closeButton
      style={palette}
      toastOptions={{ className: 'site-toast', classNames: { description: 'site-toast__description' } }}
    />
  )
}
