// The embedded S3 answers only requests signed with the credentials of its DATA_DIR: on a shared
// machine, any local user can reach a loopback port. s3rver verifies SigV2/SigV4 signatures against
// the accounts in AWSAccount.registry, but lets a request with no signature at all through as
// anonymous, and ships a built-in S3RVER/S3RVER account; both are closed here.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type S3rver from '@20minutes/s3rver'
import { importDevDependency } from '../dev-dependency.server.ts'
import { readOrCreatePrivateFile } from '../private-file.server.ts'
import type { StorageLog } from './storage-log.server.ts'

export interface EmbeddedCredentials {
  accessKey: string
  secretKey: string
}

export const CREDENTIALS_FILE = 's3-credentials.json'
const BUILT_IN_ACCESS_KEY = 'S3RVER'

/** The credentials of `dataDir`'s embedded S3, generated (0600) by the first process that asks. */
export async function embeddedCredentials(dataDir: string, log?: StorageLog): Promise<EmbeddedCredentials> {
  const path = join(dataDir, CREDENTIALS_FILE)
  const { text } = await readOrCreatePrivateFile(
    path,
    () =>
      `${JSON.stringify({
        accessKey: `RM5${randomBytes(12).toString('hex').toUpperCase()}`,
        secretKey: randomBytes(30).toString('base64url'),
      })}\n`,
    log,
  )
  try {
    const { accessKey, secretKey } = JSON.parse(text) as Partial<EmbeddedCredentials>
    if (typeof accessKey === 'string' && accessKey && typeof secretKey === 'string' && secretKey)
      return { accessKey, secretKey }
  } catch {
    // Reported below.
  }
  throw new Error(
    `${path} is not valid: delete it (with the embedded S3 stopped) to generate new credentials`,
  )
}

interface AccountModule {
  new (id: number, displayName: string): { createKeyPair(accessKey: string, secretKey: string): void }
  registry: Map<string, unknown>
}

type S3ErrorClass = new (code: string, message: string) => Error

/** What of Koa (which S3rver extends; its typings do not say so) the check needs. */
interface KoaApp {
  middleware: Array<(ctx: RequestContext, next: () => Promise<void>) => Promise<void>>
}
interface RequestContext {
  get(header: string): string
  query: Record<string, unknown>
}

/** Registers `credentials` as s3rver's only account and refuses every request not signed. */
export async function requireSignedRequests(server: S3rver, credentials: EmbeddedCredentials): Promise<void> {
  const [{ default: AWSAccount }, { default: S3Error }] = await Promise.all([
    importDevDependency<{ default: AccountModule }>('@20minutes/s3rver/lib/models/account.js', 'S3_ENDPOINT'),
    importDevDependency<{ default: S3ErrorClass }>('@20minutes/s3rver/lib/models/error.js', 'S3_ENDPOINT'),
  ])
  AWSAccount.registry.delete(BUILT_IN_ACCESS_KEY)
  new AWSAccount(123456789000, 'rm5').createKeyPair(credentials.accessKey, credentials.secretKey)
  // Before the router (the last middleware s3rver's constructor adds), inside its error handler,
  // so the refusal is an S3 XML error like any other. Signed requests go on to s3rver, which
  // checks the signature; the key must also be this server's, as the registry is per process.
  const { middleware } = server as unknown as KoaApp
  middleware.splice(middleware.length - 1, 0, async (ctx, next) => {
    const accessKey = signingAccessKey(ctx.get('authorization'), ctx.query)
    if (accessKey !== credentials.accessKey) throw new S3Error('AccessDenied', 'Access Denied')
    await next()
  })
}

/** The access key a request says it is signed with (SigV4 or SigV2, header or query), if any. */
function signingAccessKey(authorization: string, query: Record<string, unknown>): string | undefined {
  const fromHeader =
    /Credential=([^/,\s]+)\//.exec(authorization)?.[1] ?? /^AWS ([^:\s]+):/.exec(authorization)?.[1]
  if (fromHeader) return fromHeader
  const credential = query['X-Amz-Credential']
  if (typeof credential === 'string') return credential.split('/')[0]
  const v2 = query.AWSAccessKeyId
  return typeof v2 === 'string' ? v2 : undefined
}
