// GET/HEAD /media/{bucket}/{key}: object storage to the browser (docs/architecture.md: Storage). Small objects are
// answered from memory when a MediaCache is given (docs/decisions/007); everything else is
// streamed straight from S3 (never buffered, videos can be large). Both paths send the same
// headers, with ETag revalidation and single byte ranges so <video> can seek.
import type { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { isPrivateBucket } from '../documents/bucket.server.ts'
import { HttpError } from '../http/errors.server.ts'
import { contentTypeFor, extensionOf } from '../storage/content-type.server.ts'
import { type Storage, withTimeout } from '../storage/storage.server.ts'
import { ifRangeAllows, isNotModified } from './conditional.server.ts'
import type { CachedObject, MediaCache, MediaSource } from './media-cache.server.ts'
import { hasEncodedSeparator, invalidKeyReason } from './media-key.server.ts'
import { contentRange, parseRange } from './range.server.ts'

export interface MediaRoutesOptions {
  storage: Storage
  /** Serve small objects from memory; omit to stream every request from S3. */
  cache?: MediaCache
}

// Not `immutable` with a one-year max-age: keys are stable names (rm5_1.jpg, home.jpg) that the
// upload CLI may overwrite with new content, and an immutable year would pin the old bytes in
// browsers and CDNs. An hour fresh, then a day of serving stale while revalidating in the
// background, keeps pages fast; revalidation is a cheap 304 thanks to the ETag.
export const MEDIA_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400'

/** Budget for S3 to start answering; past it the request gets a 503, not a hung socket. */
const S3_TIMEOUT_MS = 5000

const UNAVAILABLE = {
  error: { code: 'storage_unavailable', message: 'Media storage is temporarily unavailable' },
}

// SVG can carry script; served from our origin it must not run if opened directly.
const SVG_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox"

type MediaRequest = FastifyRequest<{ Params: { bucket: string; '*': string } }>
type Stat = Awaited<ReturnType<Storage['client']['statObject']>>
/** An S3 stat with the ETag in its quoted (header) form. */
type MediaStat = { etag: string | undefined; size: number; lastModified: Date }

interface Target {
  bucket: string
  key: string
  /** Cache key: physical bucket and key, so /media/Heros/x and /media/heros/x share an entry. */
  id: string
}

export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, { storage, cache }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/:bucket/*',
    // Bytes from storage or memory: no document work to follow.
    config: { requestContext: false },
    handler: (request: MediaRequest, reply) => {
      const target = targetOf(storage, request)
      if (!cache) return streamMedia(storage, target, request, reply)
      // A fresh hit answers synchronously: one map lookup, one reply.headers() call.
      const hit = cache.fresh(target.id)
      if (hit) {
        sendCached(hit, request, reply)
        return
      }
      return serveThroughCache(storage, cache, target, request, reply)
    },
  })
  // /media and /media/{bucket} without a key: answer in the API's JSON shape rather than letting
  // the page renderer produce an HTML 404 for what is clearly a media URL.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    handler: async () => {
      throw new HttpError(404, 'not_found', 'Media not found')
    },
  })
}

function targetOf(storage: Storage, request: MediaRequest): Target {
  const rawPath = request.url.split('?', 1)[0] ?? ''
  if (hasEncodedSeparator(rawPath))
    throw new HttpError(400, 'invalid_key', 'Media key must not contain encoded separators')
  const logical = storage.logical(request.params.bucket)
  // The data room's bucket is read only through a grant (server/documents/), never here.
  if (!logical || isPrivateBucket(logical)) throw new HttpError(404, 'unknown_bucket', 'Unknown media bucket')
  const key = request.params['*']
  const reason = invalidKeyReason(key)
  if (reason) throw new HttpError(400, 'invalid_key', reason)
  const bucket = storage.bucket(logical)
  return { bucket, key, id: `${bucket}/${key}` }
}

async function serveThroughCache(
  storage: Storage,
  cache: MediaCache,
  target: Target,
  request: MediaRequest,
  reply: FastifyReply,
) {
  let found: Awaited<ReturnType<typeof cache.lookup<MediaStat>>>
  try {
    found = await cache.lookup(target.id, sourceOf(storage, cache, target))
  } catch (error) {
    if (isNotFound(error)) throw new HttpError(404, 'not_found', 'Media not found')
    return unavailable(request, reply, error)
  }
  if (found.kind === 'large') return streamMedia(storage, target, request, reply, found.stat)
  return sendCached(found.object, request, reply)
}

/** Stat and whole-object fetch of one key, with the route's timeouts, for MediaCache.lookup. */
function sourceOf(storage: Storage, cache: MediaCache, { bucket, key }: Target): MediaSource<MediaStat> {
  return {
    stat: () => statMedia(storage, bucket, key),
    async fetch(stat) {
      const body = await withTimeout(storage.client.getObject(bucket, key), S3_TIMEOUT_MS, 'getObject')
      if (!sameVersion(body, stat.etag)) {
        body.destroy()
        return undefined
      }
      const bytes = await readAll(body, cache.maxObjectBytes)
      // Grown or shrunk since the stat: another version is being written.
      if (!bytes || bytes.length !== stat.size) return undefined
      const notModifiedHeaders = baseHeaders(key, stat)
      return {
        body: bytes,
        etag: stat.etag,
        lastModified: stat.lastModified,
        notModifiedHeaders,
        headers: {
          ...notModifiedHeaders,
          'content-type': contentTypeFor(key),
          'content-length': String(bytes.length),
        },
      }
    },
  }
}

/** Answers from a cached object: 200, 304, 206 or 416, GET or HEAD. */
function sendCached(object: CachedObject, request: MediaRequest, reply: FastifyReply) {
  const head = request.method === 'HEAD'
  const headers = request.headers
  if (
    headers.range === undefined &&
    headers['if-none-match'] === undefined &&
    headers['if-modified-since'] === undefined
  ) {
    reply.code(200).headers(object.headers)
    return head ? reply.send() : reply.send(object.body)
  }
  const size = object.body.length
  const answer = negotiate(request, reply, object.etag, object.lastModified, size)
  if (answer.kind === 'not-modified') return reply.code(304).headers(object.notModifiedHeaders).send()
  if (answer.kind === 'full') {
    reply.code(200).headers(object.headers)
    return head ? reply.send() : reply.send(object.body)
  }
  reply
    .code(206)
    .headers(object.headers)
    .headers({
      'content-range': contentRange(answer, size),
      'content-length': String(answer.end - answer.start + 1),
    })
  return head ? reply.send() : reply.send(object.body.subarray(answer.start, answer.end + 1))
}

/**
 * Streams an object from S3. `known` is a stat the caller already made (the cache's lookup for an
 * object too big to hold), used for the first attempt.
 */
async function streamMedia(
  storage: Storage,
  { bucket, key }: Target,
  request: MediaRequest,
  reply: FastifyReply,
  known?: MediaStat,
) {
  // An upload can replace the object between stat and get; one retry serves the new version
  // whole instead of mixing the old headers with new bytes.
  for (let attempt = 0; ; attempt++) {
    let stat: MediaStat
    if (attempt === 0 && known) stat = known
    else {
      try {
        stat = await statMedia(storage, bucket, key)
      } catch (error) {
        if (isNotFound(error)) throw new HttpError(404, 'not_found', 'Media not found')
        return unavailable(request, reply, error)
      }
    }

    const headers = baseHeaders(key, stat)
    const size = stat.size
    const range = negotiate(request, reply, stat.etag, stat.lastModified, size)
    if (range.kind === 'not-modified') return reply.code(304).headers(headers).send()

    headers['content-type'] = contentTypeFor(key)
    if (range.kind === 'partial') {
      headers['content-range'] = contentRange(range, size)
      headers['content-length'] = String(range.end - range.start + 1)
    } else {
      headers['content-length'] = String(size)
    }
    const status = range.kind === 'partial' ? 206 : 200
    if (request.method === 'HEAD') return reply.code(status).headers(headers).send()

    let body: Readable
    try {
      body = await withTimeout(
        range.kind === 'partial'
          ? storage.client.getPartialObject(bucket, key, range.start, range.end - range.start + 1)
          : storage.client.getObject(bucket, key),
        S3_TIMEOUT_MS,
        'getObject',
      )
    } catch (error) {
      if (isNotFound(error)) throw new HttpError(404, 'not_found', 'Media not found')
      return unavailable(request, reply, error)
    }
    if (!sameVersion(body, stat.etag)) {
      body.destroy()
      if (attempt === 0) continue
      return unavailable(request, reply, new Error('object keeps changing while being read'))
    }
    return reply.code(status).headers(headers).send(body)
  }
}

async function statMedia(storage: Storage, bucket: string, key: string): Promise<MediaStat> {
  const stat: Stat = await withTimeout(storage.client.statObject(bucket, key), S3_TIMEOUT_MS, 'statObject')
  return { etag: stat.etag ? `"${stat.etag}"` : undefined, size: stat.size, lastModified: stat.lastModified }
}

/** Validators and cache policy, common to 200, 206 and 304 answers. */
function baseHeaders(key: string, stat: MediaStat): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': MEDIA_CACHE_CONTROL,
    'last-modified': stat.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  }
  if (stat.etag) headers.etag = stat.etag
  if (extensionOf(key) === 'svg') headers['content-security-policy'] = SVG_CSP
  return headers
}

type Negotiated =
  | { kind: 'not-modified' }
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }

/** Conditional and Range headers against one version of an object; throws the 416. */
function negotiate(
  request: MediaRequest,
  reply: FastifyReply,
  etag: string | undefined,
  lastModified: Date,
  size: number,
): Negotiated {
  if (isNotModified(request.headers as Record<string, string>, etag, lastModified)) {
    return { kind: 'not-modified' }
  }
  const ifRange = request.headers['if-range']
  const range = ifRangeAllows(typeof ifRange === 'string' ? ifRange : undefined, etag, lastModified)
    ? parseRange(request.headers.range, size)
    : ({ kind: 'full' } as const)
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`)
    throw new HttpError(416, 'range_not_satisfiable', 'Requested range is not satisfiable')
  }
  return range
}

/** False when the GET answer is another version than the stat described (an upload in between). */
function sameVersion(body: Readable, etag: string | undefined): boolean {
  const served = (body as Readable & { headers?: Record<string, string | undefined> }).headers?.etag
  return !(served && etag && served.replace(/^W\//, '') !== etag)
}

/** Reads a stream whole within the S3 budget; undefined (stream dropped) past `limit` bytes. */
async function readAll(body: Readable, limit: number): Promise<Buffer | undefined> {
  const read = async () => {
    const chunks: Buffer[] = []
    let length = 0
    for await (const chunk of body as AsyncIterable<Buffer>) {
      length += chunk.length
      if (length > limit) {
        body.destroy()
        return undefined
      }
      chunks.push(chunk)
    }
    return Buffer.concat(chunks, length)
  }
  try {
    return await withTimeout(read(), S3_TIMEOUT_MS, 'getObject body')
  } catch (error) {
    body.destroy()
    throw error
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchBucket'
}

// Answered here rather than thrown: the app's error handler hides 5xx messages behind a generic
// one, and this one is part of the contract (the viewer and /healthz name storage as the cause).
function unavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.warn({ err: error }, 'media storage unavailable')
  return reply.code(503).header('cache-control', 'no-store').header('retry-after', '5').send(UNAVAILABLE)
}
