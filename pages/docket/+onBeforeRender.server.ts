import type { PageContextServer } from 'vike/types'

// The documents the grants that opened the docket see (their partners', their codes'), read through the data room
// service the server passes to every render (never request data: the render still depends on
// the path and the verified grants alone, and a render that saw a grant is kept only seconds, so
// a document added from the CLI shows soon; server/vike/page-cache.server.ts). Not passed to the
// browser (not in passToClient). The guard has run first.
export default async function onBeforeRender(pageContext: PageContextServer) {
  const grants = pageContext.accessGrants ?? []
  const room = pageContext.documents
  if (!room || grants.length === 0) return { pageContext: { docketDocuments: [] } }
  try {
    const viewers = { retailers: grants, codeIds: pageContext.accessCodes ?? [] }
    return { pageContext: { docketDocuments: await room.listFor(viewers) } }
  } catch (error) {
    // The docket itself does not need the database: it shows, with a line saying so.
    console.error('docket: could not list documents', error)
    return { pageContext: { docketDocuments: [], docketDocumentsUnavailable: true } }
  }
}
