// GET/HEAD /media/{bucket}/{key}: object storage to the browser (DESIGN.md #4). Objects are
// streamed straight from S3 (never buffered, videos can be large), with ETag revalidation and
// single byte ranges so <video> can seek.
import type { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { logicalBucket, physicalBucket } from '../storage/buckets.ts'
import { contentTypeFor, extensionOf } from '../storage/content-type.ts'
import { type Storage, withTimeout } from '../storage/storage.server.ts'
import { ifRangeAllows, isNotModified } from './conditional.ts'
import { hasEncodedSeparator, invalidKeyReason } from './media-key.ts'
import { contentRange, parseRange } from './range.ts'

export interface MediaRoutesOptions {
  storage: Storage
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

export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, { storage }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/:bucket/*',
    handler: (request: MediaRequest, reply) => serveMedia(storage, request, reply),
  })
  // /media and /media/{bucket} without a key: answer in the API's JSON shape rather than letting
  // the page renderer produce an HTML 404 for what is clearly a media URL.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    handler: async () => {
      throw httpError(404, 'not_found', 'Media not found')
    },
  })
}

async function serveMedia(storage: Storage, request: MediaRequest, reply: FastifyReply) {
  const rawPath = request.url.split('?', 1)[0] ?? ''
  if (hasEncodedSeparator(rawPath))
    throw httpError(400, 'invalid_key', 'Media key must not contain encoded separators')
  const logical = logicalBucket(request.params.bucket)
  if (!logical) throw httpError(404, 'unknown_bucket', 'Unknown media bucket')
  const key = request.params['*']
  const reason = invalidKeyReason(key)
  if (reason) throw httpError(400, 'invalid_key', reason)
  const bucket = physicalBucket(logical)

  // An upload can replace the object between stat and get; one retry serves the new version
  // whole instead of mixing the old headers with new bytes.
  for (let attempt = 0; ; attempt++) {
    let stat: Awaited<ReturnType<Storage['client']['statObject']>>
    try {
      stat = await withTimeout(storage.client.statObject(bucket, key), S3_TIMEOUT_MS, 'statObject')
    } catch (error) {
      if (isNotFound(error)) throw httpError(404, 'not_found', 'Media not found')
      return unavailable(request, reply, error)
    }

    const etag = stat.etag ? `"${stat.etag}"` : undefined
    const headers: Record<string, string> = {
      'cache-control': MEDIA_CACHE_CONTROL,
      'last-modified': stat.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    }
    if (etag) headers.etag = etag
    if (extensionOf(key) === 'svg') headers['content-security-policy'] = SVG_CSP

    if (isNotModified(request.headers as Record<string, string>, etag, stat.lastModified)) {
      return reply.code(304).headers(headers).send()
    }

    const size = stat.size
    const ifRange = request.headers['if-range']
    const range = ifRangeAllows(typeof ifRange === 'string' ? ifRange : undefined, etag, stat.lastModified)
      ? parseRange(request.headers.range, size)
      : ({ kind: 'full' } as const)
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`)
      throw httpError(416, 'range_not_satisfiable', 'Requested range is not satisfiable')
    }

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
      if (isNotFound(error)) throw httpError(404, 'not_found', 'Media not found')
      return unavailable(request, reply, error)
    }
    const servedEtag = (body as Readable & { headers?: Record<string, string | undefined> }).headers?.etag
    if (servedEtag && etag && servedEtag.replace(/^W\//, '') !== etag) {
      body.destroy()
      if (attempt === 0) continue
      return unavailable(request, reply, new Error('object keeps changing while being read'))
    }
    return reply.code(status).headers(headers).send(body)
  }
}

/** An error the app's error handler turns into { error: { code, message } } with this status. */
export function httpError(statusCode: number, code: string, message: string): Error {
  return Object.assign(new Error(message), { statusCode, code })
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
