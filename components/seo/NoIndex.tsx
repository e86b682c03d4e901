/** Keeps a private page (access gates, docket, proposal) out of search results. */
export function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />
}
