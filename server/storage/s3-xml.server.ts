// The XML of S3's answers and of its one XML request (a batch delete), read and written with
// fast-xml-parser: listings, bucket lists and error bodies.
import { XMLBuilder, XMLParser } from 'fast-xml-parser'
import { unquote } from './etag.server.ts'

/** Elements that may repeat: always arrays, even when one came. */
const REPEATED = new Set(['Contents', 'CommonPrefixes', 'Bucket', 'Error', 'Deleted'])

const parser = new XMLParser({
  ignoreAttributes: true,
  // Keys and ETags stay text ("007" is not the number 7).
  parseTagValue: false,
  // Character references (`&#x27;`) as well as the five named entities.
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
})

const builder = new XMLBuilder({ format: false, ignoreAttributes: false, attributeNamePrefix: '@_' })
const S3_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/'

type Xml = Record<string, unknown>

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const list = (value: unknown): Xml[] => (Array.isArray(value) ? (value as Xml[]) : [])

/** An S3 error body's code and message; empty strings when the body is not one. */
export function readError(body: string): { code: string; message: string } {
  let error: Xml | undefined
  try {
    error = (parser.parse(body) as Xml).Error as Xml | undefined
  } catch {
    return { code: '', message: '' }
  }
  // isArray makes a top-level <Error> an array too.
  const first = Array.isArray(error) ? (error[0] as Xml) : error
  return { code: text(first?.Code), message: text(first?.Message) }
}

/** An item of a listing, as the minio client named them: an object, or a folder (`prefix`). */
export interface ListedItem {
  name?: string
  prefix?: string
  size: number
  lastModified?: Date
  etag?: string
}

export interface ListingPage {
  items: ListedItem[]
  /** The token for the next page; undefined on the last one. */
  next?: string
}

export function readListing(body: string): ListingPage {
  const result = ((parser.parse(body) as Xml).ListBucketResult ?? {}) as Xml
  const items: ListedItem[] = [
    ...list(result.CommonPrefixes).map((entry) => ({ prefix: text(entry.Prefix), size: 0 })),
    ...list(result.Contents).map((entry) => ({
      name: text(entry.Key),
      size: Number(entry.Size ?? 0),
      lastModified: entry.LastModified ? new Date(text(entry.LastModified)) : undefined,
      etag: unquote(text(entry.ETag)),
    })),
  ]
  const truncated = text(result.IsTruncated) === 'true'
  const next = text(result.NextContinuationToken)
  return { items, next: truncated && next ? next : undefined }
}

export function readBuckets(body: string): { name: string; creationDate: Date }[] {
  const result = ((parser.parse(body) as Xml).ListAllMyBucketsResult ?? {}) as Xml
  return list((result.Buckets as Xml | undefined)?.Bucket).map((bucket) => ({
    name: text(bucket.Name),
    creationDate: new Date(text(bucket.CreationDate)),
  }))
}

/** The first key a batch delete could not delete, with S3's reason; undefined when all went. */
export function readDeleteErrors(body: string): { key: string; code: string; message: string } | undefined {
  const error = list(((parser.parse(body) as Xml).DeleteResult as Xml | undefined)?.Error)[0]
  return error && { key: text(error.Key), code: text(error.Code), message: text(error.Message) }
}

export function deleteRequest(keys: readonly string[]): string {
  return builder.build({
    Delete: { '@_xmlns': S3_NAMESPACE, Quiet: true, Object: keys.map((key) => ({ Key: key })) },
  }) as string
}

export function bucketConfiguration(region: string): string {
  return builder.build({
    CreateBucketConfiguration: { '@_xmlns': S3_NAMESPACE, LocationConstraint: region },
  }) as string
}
