import type { Config } from 'vike/types'

// The error page shows the request's id (its X-Request-Id, decision 057), so the browser gets it
// too for the page to hydrate alike. Only this page: a kept page's HTML must name no request.
export default {
  passToClient: ['requestId'],
} satisfies Config

declare global {
  namespace Vike {
    interface PageContext {
      /** The request's id, set by the server for renders made for one request (server/vike). */
      requestId?: string
    }
  }
}
