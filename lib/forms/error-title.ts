import type { PageContext } from 'vike/types'

/**
 * A form page's title: "Error: " in front while it shows a failed post (the GOV.UK pattern), so a
 * screen reader hears that something needs fixing before anything else.
 */
export const formPageTitle = (title: string) => (pageContext: PageContext) =>
  pageContext.formState ? `Error: ${title}` : title
