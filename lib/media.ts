// Browser-facing media URLs. Media is served by our own /media route, or straight from
// MEDIA_PUBLIC_URL (a CDN or the storage's public address) when the deployment sets it. /media takes
// the logical bucket name (`Heros`); a public S3 address needs the physical one (`heros`), because
// S3 bucket names are lowercase (see lib/buckets.ts).

import { type LogicalBucket, physicalBucket } from './buckets.ts'
import { type ResponsiveImage, responsiveImage } from './responsive-images.ts'
import { siteConfig } from './site-config.ts'

const config = siteConfig()

/** MEDIA_PUBLIC_URL without trailing slashes, or '' when media is served by /media. */
export const mediaPublicBase = (config.MEDIA_PUBLIC_URL ?? '').replace(/\/+$/, '')

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/')

/** S3_BUCKET_PREFIX: a public S3 address names the physical bucket, prefix included. */
export const mediaBucketPrefix = config.S3_BUCKET_PREFIX

/** The URL of `key` in `bucket` given a public base ('' = our /media route). */
export function buildMediaUrl(
  publicBase: string,
  bucket: LogicalBucket,
  key: string,
  bucketPrefix = mediaBucketPrefix,
): string {
  return publicBase
    ? `${publicBase}/${physicalBucket(bucket, bucketPrefix)}/${encodeKey(key)}`
    : `/media/${encodeURIComponent(bucket)}/${encodeKey(key)}`
}

export function mediaUrl(bucket: LogicalBucket, key: string): string {
  return buildMediaUrl(mediaPublicBase, bucket, key)
}

/** Hero image of a page: `{page}.jpg` in the `Heros` bucket (docs/original-behaviour.md §2). */
export function heroImageUrl(page: string): string {
  return mediaUrl('Heros', `${page}.jpg`)
}

/** Size of the stored page heroes (the demo renders 1920 x 1080; upload real ones at that size). */
export const HERO_WIDTH = 1920
export const HERO_HEIGHT = 1080

/** A page's hero with its AVIF/WebP/JPEG width variants stored beside it. */
export function heroImage(page: string): ResponsiveImage {
  return responsiveImage(heroImageUrl(page), HERO_WIDTH, HERO_HEIGHT)
}
