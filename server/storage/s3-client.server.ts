// The S3 calls the site makes, signed with aws4fetch's SigV4 signer and sent over node:http with
// a keep-alive agent of the client's own (decision 068). The method names and shapes are the minio
// client's, which this replaced: a full client cost the server more memory than all the rest of
// its storage code, for calls that are one signed HTTP request each.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { AwsV4Signer } from 'aws4fetch'
import { unquote } from './etag.server.ts'
import type { ListedItem } from './s3-xml.server.ts'

export type { ListedItem }

/** The XML reader and writer, loaded with the first listing, batch or error: serving an object needs none. */
const xml = () => import('./s3-xml.server.ts')

export interface S3ClientOptions {
  /** Scheme, host and port, no path: `http://127.0.0.1:9000`. */
  origin: string
  /** Unset: requests go unsigned (a public bucket in development). */
  accessKey?: string
  secretKey?: string
  region: string
  /** `origin/bucket/key` when true; `bucket.host/key` (virtual-hosted) when false. */
  pathStyle: boolean
}

export interface ObjectStat {
  size: number
  /** Without the quotes S3 sends. */
  etag: string
  lastModified: Date
  /** `content-type` and the user metadata (`x-amz-meta-` taken off). */
  metaData: Record<string, string>
}

/** An answer of S3 that is not the one asked for: its code (`NoSuchKey`, `SlowDown`…) and status. */
export class S3Error extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly statusCode: number,
  ) {
    super(message)
    this.name = 'S3Error'
  }
}

/** Headers that S3 stores as they are; any other metadata name is sent as `x-amz-meta-<name>`. */
const STANDARD_HEADERS = new Set([
  'content-type',
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'expires',
])

/**
 * Keep-alive sockets with an idle timeout: Node's agent retires an idle socket before the server's
 * announced `Keep-Alive: timeout=N` only when the agent has a timeout of its own; without one it
 * reuses a socket the server is closing and the request fails with ECONNRESET (no retries here).
 */
const KEEP_ALIVE: http.AgentOptions = { keepAlive: true, timeout: 60_000 }

/** The most a single PUT may carry; larger files would need a multipart upload. */
const MAX_SINGLE_PUT = 5 * 1024 ** 3

/** Bytes of an error body read to find its code: S3's are a few hundred. */
const MAX_ERROR_BODY = 64 * 1024

/** Percent-encoding as SigV4 wants it (RFC 3986: `!'()*` too); `/` kept in keys. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
const encodeKey = (key: string) => key.split('/').map(encode).join('/')

/**
 * The answers S3 documents as worth sending again: InternalError (500, "Please try again") and
 * SlowDown (503), and a gateway's 502 and 504 in front of it.
 */
const RETRIED_STATUSES = new Set([500, 502, 503, 504])
/** The waits before each new attempt, growing, as S3's guidance on errors asks. */
const RETRY_DELAYS_MS = [50, 250] as const

interface Call {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE'
  bucket?: string
  key?: string
  query?: Record<string, string | undefined>
  headers?: Record<string, string>
  body?: Buffer | string | Readable
  /** The statuses that are an answer; any other is an S3Error. */
  ok: readonly number[]
}

export class S3Client {
  private readonly origin: URL
  private readonly transport: typeof http | typeof https
  /** The client's own, so close() can drop its keep-alive sockets (a CLI would otherwise linger). */
  private readonly agent: http.Agent
  /** aws4fetch keeps the day's derived signing key here. */
  private readonly signingKeys = new Map<string, ArrayBuffer>()
  /** An address has no subdomains: virtual-hosted buckets need a host name (minio decided alike). */
  private readonly pathStyle: boolean

  constructor(private readonly options: S3ClientOptions) {
    this.origin = new URL(options.origin)
    this.transport = this.origin.protocol === 'https:' ? https : http
    this.agent = new this.transport.Agent(KEEP_ALIVE)
    this.pathStyle = options.pathStyle || isIP(this.origin.hostname.replace(/^\[(.*)\]$/, '$1')) !== 0
  }

  /** Closes the idle keep-alive sockets; a request after this opens new ones. */
  close(): void {
    this.agent.destroy()
  }

  async bucketExists(bucket: string): Promise<boolean> {
    const response = await this.send({ method: 'HEAD', bucket, ok: [200, 404] })
    response.resume()
    return response.statusCode === 200
  }

  async makeBucket(bucket: string, region = this.options.region): Promise<void> {
    const body = region === 'us-east-1' ? undefined : (await xml()).bucketConfiguration(region)
    ;(await this.send({ method: 'PUT', bucket, body, ok: [200] })).resume()
  }

  async listBuckets(): Promise<{ name: string; creationDate: Date }[]> {
    const response = await this.send({ method: 'GET', ok: [200] })
    return (await xml()).readBuckets(await text(response))
  }

  async statObject(bucket: string, key: string): Promise<ObjectStat> {
    const response = await this.send({ method: 'HEAD', bucket, key, ok: [200] })
    response.resume()
    const headers = response.headers
    const metaData: Record<string, string> = {}
    if (headers['content-type']) metaData['content-type'] = headers['content-type']
    for (const [name, value] of Object.entries(headers)) {
      if (name.startsWith('x-amz-meta-') && typeof value === 'string') metaData[name.slice(11)] = value
    }
    return {
      size: Number(headers['content-length'] ?? 0),
      etag: unquote(String(headers.etag ?? '')),
      lastModified: new Date(String(headers['last-modified'])),
      metaData,
    }
  }

  /** The object's bytes as a stream; its `headers` are S3's (the ETag of the version read). */
  getObject(bucket: string, key: string): Promise<IncomingMessage> {
    return this.send({ method: 'GET', bucket, key, ok: [200] })
  }

  getPartialObject(bucket: string, key: string, offset: number, length: number): Promise<IncomingMessage> {
    const range = `bytes=${offset}-${offset + length - 1}`
    return this.send({ method: 'GET', bucket, key, headers: { range }, ok: [206] })
  }

  async putObject(
    bucket: string,
    key: string,
    body: Buffer | string | Readable,
    size?: number,
    metaData: Record<string, string> = {},
  ): Promise<{ etag: string }> {
    const length = body instanceof Readable ? size : Buffer.byteLength(body)
    if (length === undefined) throw new TypeError('putObject needs the size of a stream')
    if (length > MAX_SINGLE_PUT)
      throw new RangeError(`${key} is larger than 5 GiB, the most one upload takes`)
    const headers: Record<string, string> = { 'content-length': String(length) }
    for (const [name, value] of Object.entries(metaData)) {
      const lower = name.toLowerCase()
      headers[STANDARD_HEADERS.has(lower) || lower.startsWith('x-amz-') ? lower : `x-amz-meta-${lower}`] =
        value
    }
    const response = await this.send({ method: 'PUT', bucket, key, headers, body, ok: [200] })
    response.resume()
    return { etag: unquote(String(response.headers.etag ?? '')) }
  }

  async fPutObject(bucket: string, key: string, path: string, metaData?: Record<string, string>) {
    return this.putObject(bucket, key, createReadStream(path), (await stat(path)).size, metaData)
  }

  /** Writes the object to `path`, whole or not at all (through a `.part` file). */
  async fGetObject(bucket: string, key: string, path: string): Promise<void> {
    const part = `${path}.part`
    try {
      await pipeline(await this.getObject(bucket, key), createWriteStream(part))
      await rename(part, path)
    } catch (error) {
      await rm(part, { force: true })
      throw error
    }
  }

  async removeObject(bucket: string, key: string): Promise<void> {
    ;(await this.send({ method: 'DELETE', bucket, key, ok: [204, 200] })).resume()
  }

  /** Deletes an empty bucket. */
  async removeBucket(bucket: string): Promise<void> {
    ;(await this.send({ method: 'DELETE', bucket, ok: [204, 200] })).resume()
  }

  /** Deletes the keys, a thousand per request (S3's most); missing keys are not an error. */
  async removeObjects(bucket: string, keys: readonly string[]): Promise<void> {
    const { deleteRequest, readDeleteErrors } = await xml()
    for (let start = 0; start < keys.length; start += 1000) {
      const body = deleteRequest(keys.slice(start, start + 1000))
      const headers = {
        'content-type': 'application/xml',
        'content-length': String(Buffer.byteLength(body)),
        // S3 refuses a batch delete without a checksum of its body.
        'content-md5': createHash('md5').update(body).digest('base64'),
      }
      const response = await this.send({
        method: 'POST',
        bucket,
        query: { delete: '' },
        headers,
        body,
        ok: [200],
      })
      const failed = readDeleteErrors(await text(response))
      if (failed) throw new S3Error(`${failed.key}: ${failed.message}`, failed.code, 200)
    }
  }

  /**
   * Every object under `prefix`, page by page. Not recursive: the first level only, with each
   * folder as an item that has a `prefix` and no `name`.
   */
  listObjectsV2(bucket: string, prefix = '', recursive = false): Readable {
    const pages = async function* (this: S3Client): AsyncGenerator<ListedItem> {
      const { readListing } = await xml()
      let token: string | undefined
      do {
        const query = {
          'list-type': '2',
          prefix,
          delimiter: recursive ? undefined : '/',
          'continuation-token': token,
        }
        const page = readListing(await text(await this.send({ method: 'GET', bucket, query, ok: [200] })))
        yield* page.items
        token = page.next
      } while (token)
    }
    return Readable.from(pages.call(this))
  }

  /** Where a request for a bucket (and key) goes: path-style or virtual-hosted, RFC 3986 encoded. */
  url(bucket?: string, key?: string, query: Call['query'] = {}): URL {
    const path = key === undefined ? '' : `/${encodeKey(key)}`
    const { protocol, host } = this.origin
    const url =
      bucket === undefined
        ? `${protocol}//${host}/`
        : this.pathStyle
          ? `${protocol}//${host}/${encode(bucket)}${path}`
          : `${protocol}//${bucket}.${host}${path || '/'}`
    const search = Object.entries(query)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => (value === '' ? name : `${name}=${encode(value)}`))
      .join('&')
    return new URL(search ? `${url}?${search}` : url)
  }

  /**
   * One call, sent again (signed anew) after an answer S3 asks a client to retry, up to
   * RETRY_DELAYS_MS.length more times. A body read from a stream cannot be sent twice: such a
   * call is tried once. A refused or timed-out connection is not retried here: an outage is
   * reported at once, and the callers above decide.
   */
  private async send(call: Call): Promise<IncomingMessage> {
    const replayable = !(call.body instanceof Readable)
    for (let attempt = 0; ; attempt++) {
      const response = await this.sendOnce(call)
      const status = response.statusCode ?? 0
      if (call.ok.includes(status)) return response
      const delay = RETRY_DELAYS_MS[attempt]
      if (!replayable || delay === undefined || !RETRIED_STATUSES.has(status)) {
        throw await failure(response, call.method)
      }
      response.resume()
      // Jittered, so clients that failed together do not come back together.
      await sleep(delay * (0.5 + Math.random()))
    }
  }

  private async sendOnce(call: Call): Promise<IncomingMessage> {
    const url = this.url(call.bucket, call.key, call.query)
    const headers = await this.sign(call, url)
    return new Promise<IncomingMessage>((resolve, reject) => {
      const request = this.transport.request(
        url,
        { method: call.method, headers, agent: this.agent },
        resolve,
      )
      request.on('error', reject)
      if (call.body instanceof Readable) pipeline(call.body, request).catch(reject)
      else request.end(call.body)
    })
  }

  private async sign(call: Call, url: URL): Promise<Record<string, string>> {
    const { accessKey, secretKey, region } = this.options
    if (!accessKey || !secretKey) return call.headers ?? {}
    const signed = await new AwsV4Signer({
      method: call.method,
      url: url.href,
      headers: call.headers,
      accessKeyId: accessKey,
      secretAccessKey: secretKey,
      service: 's3',
      region,
      cache: this.signingKeys,
    }).sign()
    return Object.fromEntries(signed.headers)
  }
}

/** The error an unexpected answer stands for: its XML's code, or one named after its status. */
async function failure(response: IncomingMessage, method: string): Promise<S3Error> {
  const status = response.statusCode ?? 0
  const body = method === 'HEAD' ? '' : await text(response, MAX_ERROR_BODY).catch(() => '')
  if (method === 'HEAD') response.resume()
  const { code, message } = body ? (await xml()).readError(body) : { code: '', message: '' }
  return new S3Error(message || `S3 answered ${status}`, code || codeOfStatus(status), status)
}

/** A HEAD's answer has no body: its status names it (a 5xx from a proxy has no S3 code at all). */
function codeOfStatus(status: number): string {
  if (status === 404) return 'NotFound'
  if (status === 403) return 'AccessDenied'
  if (status === 503) return 'SlowDown'
  return status >= 500 ? '' : `Http${status}`
}

/** A small answer's body as text; past `limit` bytes the rest is dropped. */
async function text(response: IncomingMessage, limit = Number.POSITIVE_INFINITY): Promise<string> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (length < limit) chunks.push(chunk)
    length += chunk.length
  }
  return Buffer.concat(chunks).toString('utf8')
}
