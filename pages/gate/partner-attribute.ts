import type { Partner } from '../../lib/partners.ts'

/**
 * The gate's partner (name, theme, whether it takes a code) as the server rendered it, on the
 * page's root element: partners are data on the server (decision 035), and the island hydrates
 * from exactly the values the HTML was made with.
 */
export const PARTNER_ATTRIBUTE = 'data-partner'

export function partnerOnPage(root: ParentNode = document): Partner | null {
  const text = root.querySelector(`[${PARTNER_ATTRIBUTE}]`)?.getAttribute(PARTNER_ATTRIBUTE)
  if (!text) return null
  try {
    return JSON.parse(text) as Partner
  } catch {
    return null
  }
}
