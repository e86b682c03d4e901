// What the bench measures, and the Accept-Encoding each run sends. Every subject is measured on
// the site and on both references (nginx, bare Fastify), which serve the bytes the site answered.

export type Encoding = 'identity' | 'gzip' | 'br'

/** The request header each encoding's runs send; identity sends none. */
export const ACCEPT: Record<Encoding, string | undefined> = {
  identity: undefined,
  gzip: 'gzip',
  br: 'br',
}

export interface Subject {
  /** Row label in the table. */
  label: string
  path: string
  encoding: Encoding
  /** Request headers besides Accept-Encoding (the grant cookie of the guarded pages). */
  headers: Record<string, string>
}

export const PRERENDERED_PAGES = ['/', '/technology', '/privacy'] as const
export const GUARDED_PAGES = ['/docket', '/circlek/proposal'] as const
/** A demo image the site answers from its media memory cache (decision 007). */
export const MEDIA_PATH = '/media/Heros/home.jpg'

export function subjects(grantCookie: string): Subject[] {
  const list: Subject[] = []
  for (const path of PRERENDERED_PAGES)
    for (const encoding of ['identity', 'gzip', 'br'] as const)
      list.push({ label: `\`${path}\` ${encoding}`, path, encoding, headers: {} })
  // Guarded pages as a browser asks for them after the gate: with the grant, accepting br.
  for (const path of GUARDED_PAGES)
    list.push({ label: `\`${path}\` grant, br`, path, encoding: 'br', headers: { cookie: grantCookie } })
  list.push({ label: `\`${MEDIA_PATH}\` (memory)`, path: MEDIA_PATH, encoding: 'identity', headers: {} })
  return list
}
