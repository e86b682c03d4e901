// One storage code path (docs/architecture.md: Storage): always the same S3 client, pointed at S3_ENDPOINT when
// set, otherwise at an embedded s3rver in DATA_DIR.
import { join } from 'node:path'
import { type LogicalBucket, logicalBucket, physicalBucket, REQUIRED_BUCKETS } from '../../lib/buckets.ts'
import { buildMediaUrl } from '../../lib/media.ts'
import type { Env } from '../env.server.ts'
import { withTimeout as withTimeoutOf } from '../timeout.server.ts'
import { EMBEDDED_HOST, type EmbeddedS3, startEmbeddedS3 } from './embedded.server.ts'
import { S3Client } from './s3-client.server.ts'
import type { StorageLog } from './storage-log.server.ts'

export interface Storage {
  client: S3Client
  /** Where storage is reached (an origin, never credentials): what logs and the CLI name in an outage. */
  endpoint: string
  /** True when backed by the embedded s3rver (this process's or one it attached to). */
  embedded: boolean
  /** The S3 bucket of a logical bucket: S3_BUCKET_PREFIX + its name (lib/buckets.ts). */
  bucket(logical: LogicalBucket): string
  /** The logical bucket for a name in a URL (`Heros`, or the physical name with the prefix). */
  logical(name: string): LogicalBucket | undefined
  /** Creates the REQUIRED_BUCKETS (physical names) that do not exist yet. */
  ensureBuckets(): Promise<void>
  /** Resolves when storage answers; rejects within PING_TIMEOUT_MS when it does not. */
  ping(): Promise<void>
  close(): Promise<void>
  /** Browser URL of an object: MEDIA_PUBLIC_URL/{physical}/{key} or /media/{logical}/{key}. */
  publicUrl(bucket: string, key: string): string
}

/** Health checks and media requests must fail fast rather than hang on a black-holed host. */
export const PING_TIMEOUT_MS = 2000

export class StorageTimeoutError extends Error {
  code = 'ETIMEDOUT'
}

export async function openStorage(env: Env, log: StorageLog): Promise<Storage> {
  let embedded: EmbeddedS3 | undefined
  let client: S3Client
  let endpoint: string
  if (env.S3_ENDPOINT) {
    const url = new URL(env.S3_ENDPOINT)
    if (url.pathname !== '/' && url.pathname !== '') {
      throw new Error('S3_ENDPOINT must be a bare origin such as http://minio:9000 (no path)')
    }
    endpoint = url.origin
    client = new S3Client({
      origin: url.origin,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      region: env.S3_REGION,
      // Path style by default: MinIO, SeaweedFS and most self-hosted S3s have no wildcard DNS for
      // virtual-host buckets; AWS S3, R2 and B2 take either (S3_PATH_STYLE=false).
      pathStyle: env.S3_PATH_STYLE,
    })
    log.info(
      { endpoint: url.origin, bucketPrefix: env.S3_BUCKET_PREFIX, pathStyle: env.S3_PATH_STYLE },
      'using S3 storage',
    )
  } else {
    embedded = await startEmbeddedS3(env.DATA_DIR, log)
    endpoint = `http://${EMBEDDED_HOST}:${embedded.port}`
    client = new S3Client({
      origin: endpoint,
      ...embedded.credentials,
      region: env.S3_REGION,
      pathStyle: true,
    })
    log.debug({ dir: join(env.DATA_DIR, 's3') }, 'using embedded S3 storage')
  }

  const publicBase = env.MEDIA_PUBLIC_URL?.replace(/\/+$/, '')
  const prefix = env.S3_BUCKET_PREFIX
  const bucket = (logical: LogicalBucket) => physicalBucket(logical, prefix)
  let closed = false

  return {
    client,
    endpoint,
    embedded: embedded !== undefined,
    bucket,
    logical: (name) => logicalBucket(name, prefix),

    async ensureBuckets() {
      for (const logical of REQUIRED_BUCKETS) {
        const name = bucket(logical)
        if (await client.bucketExists(name)) continue
        try {
          await client.makeBucket(name, env.S3_REGION)
          log.info({ bucket: name }, 'created bucket')
        } catch (error) {
          // Another process (server and CLI starting together) may have just created it.
          const code = (error as { code?: string }).code
          if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error
        }
      }
    },

    async ping() {
      // HEAD on a bucket: cheap, needs no ListAllMyBuckets permission, and any S3 answer
      // (even "no such bucket") proves the endpoint and credentials work.
      await withTimeout(client.bucketExists(bucket('360')), PING_TIMEOUT_MS, 'storage ping')
    },

    async close() {
      if (closed) return
      closed = true
      client.close()
      await embedded?.close()
    },

    publicUrl(name, key) {
      const logical = logicalBucket(name, prefix)
      if (!logical) throw new Error(`Unknown bucket "${name}"`)
      return buildMediaUrl(publicBase ?? '', logical, key, prefix)
    },
  }
}

/** Rejects with a StorageTimeoutError when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return withTimeoutOf(promise, ms, what, (message) => new StorageTimeoutError(message))
}
