// The one place the process environment is read. Parsed once at boot; a bad value stops the
// process with the variable named (see formatEnvError), so a misconfigured deployment fails loudly.
import { z } from 'zod'
import { LISTEN_DEFAULTS } from '../lib/listen-origin.ts'
import { adoptSiteConfig } from '../lib/site-config.ts'
import {
  EnvError,
  envIssueMessage,
  formatEnvIssues,
  type SiteConfig,
  siteConfigSchema,
  urlOf,
  withoutEmptyValues,
  withSiteUrl,
} from '../lib/site-config-schema.ts'
import { DatabaseTlsError, databaseTls, SSL_MODES } from './database-tls.server.ts'
import { adminOidcIssuer, adminOidcProblem } from './env-admin-oidc.server.ts'
import {
  databaseUrlFromParts,
  EnvSourceError,
  readSecretFiles,
  SECRET_VARIABLES,
} from './env-sources.server.ts'
import { trustProxySchema } from './trust-proxy.server.ts'

const PORT_RANGE = 'must be a port number from 0 to 65535'

/**
 * Docker-secrets style: NAME_FILE names a file holding the secret NAME, for each of
 * SECRET_VARIABLES (env-sources.server.ts reads them).
 */
const secretFileVariables = Object.fromEntries(
  SECRET_VARIABLES.map((name) => [`${name}_FILE`, z.string().optional()]),
) as { [Name in (typeof SECRET_VARIABLES)[number] as `${Name}_FILE`]: z.ZodOptional<z.ZodString> }

const MIB = 1024 * 1024

export const envSchema = z.object({
  /** SITE_URL, BRAND_*, MEDIA_PUBLIC_URL, S3_BUCKET_PREFIX, VIDEO_BASE_URL: what pages and the browser see too. */
  ...siteConfigSchema.shape,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: PORT_RANGE })
    .int({ error: PORT_RANGE })
    .min(0, { error: PORT_RANGE })
    .max(65535, { error: PORT_RANGE })
    .default(LISTEN_DEFAULTS.PORT),
  HOST: z.string().min(1).default(LISTEN_DEFAULTS.HOST),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where embedded Postgres, embedded S3 and the generated cookie secret live. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Postgres connection string; unset = embedded Postgres in DATA_DIR (or built from DATABASE_HOST...). */
  DATABASE_URL: z.optional(
    urlOf('a postgres:// or postgresql://', /^postgres(ql)?$/, 'postgres://rm5:password@db:5432/rm5'),
  ),
  /** Postgres connection from parts (env-sources.server.ts encodes them into DATABASE_URL). */
  DATABASE_HOST: z.string().optional(),
  DATABASE_PORT: z.string().optional(),
  DATABASE_NAME: z.string().optional(),
  DATABASE_USER: z.string().optional(),
  DATABASE_PASSWORD: z.string().optional(),
  /** TLS to Postgres with libpq's meanings (server/database-tls.server.ts); unset: as the URL says. */
  DATABASE_SSLMODE: z.enum(SSL_MODES).optional(),
  /** PEM file of the CA that signed the server's certificate (verify-ca, verify-full). */
  DATABASE_SSL_CA_FILE: z.string().optional(),
  ...secretFileVariables,
  /** S3/MinIO endpoint, e.g. http://minio:9000; unset = embedded S3 server in DATA_DIR. */
  S3_ENDPOINT: z.optional(urlOf('an http(s)', /^https?$/, 'http://minio:9000')),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** true: http://endpoint/bucket/key; false: virtual-host style http://bucket.endpoint/key. */
  S3_PATH_STYLE: z.stringbool().default(true),
  /** Longest wait, in seconds, between two tries to reach storage that was unreachable at start. */
  STORAGE_RETRY_MAX_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** /media answers objects up to this many bytes from memory; 0 disables the media cache. */
  MEDIA_CACHE_MAX_OBJECT_BYTES: z.coerce.number().int().min(0).default(MIB),
  /** Memory for all cached media objects, in bytes (least recently used evicted); 0 disables. */
  MEDIA_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * MIB),
  /** Seconds a cached media object is served before a stat revalidates it against storage. */
  MEDIA_CACHE_TTL_SECONDS: z.coerce.number().min(0).max(86_400).default(10),
  /** Apply pending migrations when the server starts; false where `rm5 db migrate` is its own step (decision 026). */
  MIGRATE_ON_START: z.stringbool().default(true),
  /** Largest document `rm5 documents add|replace` stores, in bytes (decision 031). */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * MIB)
    .default(25 * MIB),
  /** Most pages a stored PDF may have (decision 034); counted without expanding shared page trees. */
  DOCUMENT_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** Largest size a stored PDF's streams may inflate to, in MiB (a flate bomb is refused at upload). */
  DOCUMENT_MAX_INFLATED_MB: z.coerce.number().int().min(1).max(16_384).default(256),
  /**
   * Longest a document job may take, in seconds, its wait for a worker included: checking an
   * upload, stamping a copy, drawing a page, rendering Markdown. Past it the job fails alone.
   */
  DOCUMENT_JOB_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** auto: empty media buckets get the demo set at start (once); off: never (decision 014). */
  DEMO_MEDIA: z.enum(['auto', 'off']).default('auto'),
  /** Redis for shared rate limits across instances; unset = in-memory limits. */
  REDIS_URL: z.optional(urlOf('a redis:// or rediss://', /^rediss?$/, 'redis://redis:6379')),
  /** Signs grant cookies; at least 32 characters. Required in production; embedded mode keeps one in DATA_DIR. */
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** During a rotation: the secret COOKIE_SECRET replaced; grants it signed are still accepted. */
  COOKIE_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Origin browsers use to reach the site (for CSRF and Secure cookies); defaults to SITE_URL's origin. */
  PUBLIC_ORIGIN: z.optional(urlOf('an http(s)', /^https?$/, 'https://rm5.example.com')),
  /** The proxies whose X-Forwarded-For the app believes (server/trust-proxy.server.ts); false: none. */
  TRUST_PROXY: trustProxySchema.default(false),
  /** Days a console session lasts after its sign-in, however much it is used. */
  ADMIN_SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Days access attempts are kept before the server deletes them (SECURITY.md). */
  ACCESS_ATTEMPT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Notifications (docs/decisions/019-notifications-outbox.md): a webhook, e-mail, both or neither. */
  NOTIFY_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Key of the X-RM5-Signature header (HMAC-SHA256 of the body); required with NOTIFY_WEBHOOK_URL. */
  NOTIFY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; with NOTIFY_EMAIL_FROM, mail is on. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  NOTIFY_EMAIL_FROM: z.email().optional(),
  /** Where e-mail notifications go (one address or several, comma-separated); unset: none, links still mailed. */
  NOTIFY_EMAIL_TO: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be e-mail addresses, comma-separated')).min(1))
    .optional(),
  /** The walmart gate takes no code: send access.granted on its first docket opening each day. */
  NOTIFY_WALMART_OPENINGS: z.stringbool().default(false),
  /** Hours a notification is retried before it is given up and listed as failed. */
  NOTIFY_GIVE_UP_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** Days delivered notifications and docket openings are kept (SECURITY.md). */
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  DOCKET_ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** One log line per answered request (method, route, status, duration, hashed client). */
  LOG_REQUESTS: z.stringbool().default(false),
  /** Cookieless visitor analytics counted on the server (decision 065); false: nothing is counted. */
  ANALYTICS: z.stringbool().default(true),
  /** Days raw page views and goals are kept; the daily rollups are kept for good. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Bearer token that opens GET /metrics (Prometheus); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Console sign-in by OpenID Connect (decision 051): all three or none. */
  ADMIN_OIDC_ISSUER: adminOidcIssuer.optional(),
  ADMIN_OIDC_CLIENT_ID: z.string().min(1).optional(),
  ADMIN_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
})

export type Env = z.infer<typeof envSchema> & {
  /** SITE_URL was set; otherwise it is where the server listens (lib/site-config-schema.ts withSiteUrl). */
  readonly siteUrlSet: boolean
}

// One class for the whole environment and the site config that pages read when their modules load
// (lib/site-config-schema.ts): every entry point prints either as one line.
export { EnvError }

export function formatEnvError(error: z.ZodError): string {
  return formatEnvIssues(error.issues)
}

/** The browser-safe part of the environment: what the page's head carries (lib/site-config.ts). */
export function siteConfigOf(env: Env): SiteConfig {
  const names = Object.keys(siteConfigSchema.shape) as (keyof SiteConfig)[]
  return Object.fromEntries(
    names.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]),
  ) as SiteConfig
}

export interface ParseEnvOptions {
  /**
   * Who reads it: the server (default), or an admin command (`rm5`), which signs no cookies and so
   * needs no COOKIE_SECRET: the migration step runs with the schema owner's secrets only.
   */
  reader?: 'server' | 'command'
}

/** Parses the given environment (process.env by default); throws EnvError naming each bad variable. */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  { reader = 'server' }: ParseEnvOptions = {},
): Env {
  const cleaned = withoutEmptyValues(source)
  let resolved: Record<string, string | undefined>
  try {
    resolved = databaseTls(databaseUrlFromParts(readSecretFiles(cleaned)))
  } catch (error) {
    if (error instanceof EnvSourceError || error instanceof DatabaseTlsError)
      throw new EnvError(error.message)
    throw error
  }
  const result = envSchema.safeParse(withSiteUrl(resolved), { error: envIssueMessage })
  if (!result.success) throw new EnvError(formatEnvError(result.error))
  const env: Env = { ...result.data, siteUrlSet: Boolean(cleaned.SITE_URL) }
  if (env.NODE_ENV === 'production' && env.S3_ENDPOINT && !(env.S3_ACCESS_KEY && env.S3_SECRET_KEY)) {
    throw new EnvError('Invalid environment variable S3_ACCESS_KEY: required with S3_ENDPOINT')
  }
  if (!env.S3_PATH_STYLE && env.S3_BUCKET_PREFIX.includes('.') && env.S3_ENDPOINT?.startsWith('https:')) {
    // bucket.name.s3.example.com is not covered by the endpoint's *.s3.example.com certificate.
    throw new EnvError(
      'Invalid environment variable S3_BUCKET_PREFIX: no "." with S3_PATH_STYLE=false over https (the TLS certificate would not match)',
    )
  }
  if (reader === 'server' && env.NODE_ENV === 'production' && env.DATABASE_URL && !env.COOKIE_SECRET) {
    // With an external database the app may run as several instances: they must share one secret.
    throw new EnvError('Invalid environment variable COOKIE_SECRET: required in production with DATABASE_URL')
  }
  if (env.NOTIFY_WEBHOOK_URL && !env.NOTIFY_WEBHOOK_SECRET) {
    throw new EnvError(
      'Invalid environment variable NOTIFY_WEBHOOK_SECRET: required with NOTIFY_WEBHOOK_URL (receivers check the signature)',
    )
  }
  // SMTP_URL and NOTIFY_EMAIL_FROM send mail: the one-time links (gates, console sign-in). The
  // notification inbox, NOTIFY_EMAIL_TO, only adds e-mail notifications: a site may mail links
  // without one (docs/configuration.md), but not name an inbox it cannot mail.
  const missingMail = (['SMTP_URL', 'NOTIFY_EMAIL_FROM'] as const).filter((name) => !env[name])
  if (missingMail.length === 1 || (missingMail.length === 2 && env.NOTIFY_EMAIL_TO)) {
    throw new EnvError(
      `Invalid environment variable ${missingMail[0]}: e-mail (one-time links, and notifications to NOTIFY_EMAIL_TO) needs SMTP_URL and NOTIFY_EMAIL_FROM`,
    )
  }
  const oidcProblem = adminOidcProblem(env)
  if (oidcProblem) throw new EnvError(oidcProblem)
  return env
}

/**
 * The environment, the site config adopted from it, or one line per bad variable and exit 1. Entry
 * points call it before they import the server's modules: some read the site config when they load
 * (lib/brand.ts, lib/media.ts), and a bad value found there would end in a stack trace instead.
 */
export function loadEnvOrExit(): Env {
  try {
    const env = parseEnv()
    adoptSiteConfig(siteConfigOf(env))
    return env
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/**
 * A setting's default as the schema defines it, for code handed no parsed environment (a store a
 * test builds by itself): the default stays written once, above.
 */
export function envDefault<Name extends keyof typeof envSchema.shape>(
  name: Name,
): z.output<(typeof envSchema.shape)[Name]> {
  return envSchema.shape[name].parse(undefined) as z.output<(typeof envSchema.shape)[Name]>
}
