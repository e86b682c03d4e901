// Browser-facing media URLs. Media is served by our own /media route (or MEDIA_PUBLIC_URL when a
// CDN/MinIO public address is configured at build time).
const env: Record<string, string | undefined> =
  (import.meta as { env?: Record<string, string | undefined> }).env ?? {}
const base = (env.VITE_MEDIA_PUBLIC_URL ?? '/media').replace(/\/+$/, '')

export function mediaUrl(bucket: string, key: string): string {
  return `${base}/${encodeURIComponent(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`
}

/** Hero image of a page: `{page}.jpg` in the `Heros` bucket (spec section 2). */
export function heroImageUrl(page: string): string {
  return mediaUrl('Heros', `${page}.jpg`)
}
