// What a page render may know of the request's access: the verified grants (for +guard hooks),
// the viewers behind them, and how a guard that lets the request in records the opening. The
// access module (server/access) makes it; the page route (pages.server.ts) passes it to Vike.
export type PageAccess = Pick<
  Vike.PageContextServer,
  'accessGrants' | 'accessCodes' | 'recordOpening' | 'accessViewers'
>

/** A request without a verified grant: one shared, frozen value. */
export const NO_ACCESS: PageAccess = Object.freeze({ accessGrants: [] })
