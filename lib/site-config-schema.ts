// The schema of the site config: the part of the environment the browser may see (SITE_URL,
// BRAND_*, MEDIA_PUBLIC_URL with S3_BUCKET_PREFIX, VIDEO_BASE_URL), with the one copy of each
// default. server/env.server.ts builds the whole environment's schema on this one, and
// lib/site-config-source.ts parses the process environment with it where the server's parse is not
// at hand (pages rendered by Vike, the CLI, tests). Never imported by browser code: the browser
// reads the values the server parsed from the page (lib/site-config-source.browser.ts).
import { z } from 'zod/mini'
import { bucketPrefixProblem } from './buckets.ts'
import { listenOrigin } from './listen-origin.ts'

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max))

/**
 * An address pages link to and browsers open: http or https only (an ftp:// SITE_URL would become
 * every canonical link), refused with an example, since the bare "Invalid input" names no fix.
 */
const webUrl = (example: string) => urlOf('an http(s)', /^https?$/, example)

/** A URL of the given schemes, refused with what it must be and an example. */
export const urlOf = (kind: string, protocol: RegExp, example: string) =>
  z.url({ protocol, error: `must be ${kind} URL such as ${example}` })

/** A bad setting: its message names the variable and the fix, and entry points print it alone (no stack). */
export class EnvError extends Error {}

export const siteConfigSchema = z.object({
  /** Canonical site address used in canonical links, sitemaps, social cards and links; unset: withSiteUrl. */
  SITE_URL: webUrl('https://rm5.example.com'),
  /** Base URL of the video streaming provider; a bare playback id becomes {base}/{id}.m3u8. Unset: the video bucket where media is served. */
  VIDEO_BASE_URL: z.optional(z.string().check(z.trim(), z.minLength(1))),
  /** Public base URL for media (a CDN or the storage's public address); unset = served from /media. */
  MEDIA_PUBLIC_URL: z.optional(webUrl('https://cdn.example.com')),
  /** Put before every bucket name (`acme-rm5-` gives `acme-rm5-heros`): names are global on AWS S3, R2, B2. */
  S3_BUCKET_PREFIX: z._default(
    z.string().check(
      z.trim(),
      z.superRefine((prefix, ctx) => {
        const problem = bucketPrefixProblem(prefix)
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: prefix })
      }),
    ),
    '',
  ),
  /** Brand strings (docs/architecture.md: Brand). */
  BRAND_PRODUCT: z._default(text(40), 'RM5'),
  BRAND_COMPANY: z._default(text(80), 'RM5 Robotics'),
  BRAND_EMAIL: z._default(
    z.email({ error: 'must be an e-mail address such as hello@example.com' }),
    'hello@rm5.example',
  ),
  BRAND_PHONE: z._default(text(40), '+1 (818) 555-0150'),
  BRAND_STREET: z._default(text(120), '100 N Brand Blvd, Suite 500'),
  BRAND_CITY: z._default(text(80), 'Glendale'),
  BRAND_REGION: z._default(text(80), 'CA'),
  BRAND_POSTAL_CODE: z._default(text(20), '91203'),
})

export type SiteConfig = z.infer<typeof siteConfigSchema>

/** Empty strings (`FOO=` in a .env file) mean "unset", as in most twelve-factor tooling. */
export function withoutEmptyValues(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  )
}

/**
 * The environment with SITE_URL, unset there, as the origin the server listens on (HOST, PORT):
 * every parse of the environment goes through it, so the server, its pages and the CLI agree.
 */
export function withSiteUrl(source: Record<string, string | undefined>): Record<string, string | undefined> {
  if (source.SITE_URL) return source
  return { ...source, SITE_URL: listenOrigin(source.HOST, source.PORT) }
}

/** One line per bad variable, naming it: what stops a process that was misconfigured. */
export function formatEnvIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  return issues
    .map(
      (issue) =>
        `Invalid environment variable ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
    )
    .join('\n')
}

/**
 * What a setting must be, in an operator's words, where zod's own message speaks its terms
 * ("expected number, received NaN", the twelve spellings z.stringbool takes). Given to every parse
 * of the environment; a schema's own message wins over it.
 */
export const envIssueMessage: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'must be a number'
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'must be a whole number'
  if (issue.code === 'too_small' && issue.origin === 'number') return `must be at least ${issue.minimum}`
  if (issue.code === 'too_big' && issue.origin === 'number') return `must be at most ${issue.maximum}`
  if (issue.code === 'too_small' && issue.origin === 'string') return 'must not be empty'
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `must be at most ${issue.maximum} characters`
  if (issue.code === 'invalid_value') {
    const values = issue.values.map(String)
    if (values.includes('true') && values.includes('false')) return 'must be true or false'
    return `must be one of: ${values.join(', ')}`
  }
  return undefined
}

/** The site config of an environment; throws an EnvError naming each bad variable. */
export function parseSiteConfig(source: Record<string, string | undefined>): SiteConfig {
  const result = siteConfigSchema.safeParse(withSiteUrl(withoutEmptyValues(source)), {
    error: envIssueMessage,
  })
  if (!result.success) throw new EnvError(formatEnvIssues(result.error.issues))
  return result.data
}
