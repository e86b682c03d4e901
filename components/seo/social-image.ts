import { absoluteUrl } from '../../lib/brand.ts'
import { heroImageUrl } from '../../lib/media.ts'

/** Absolute address of a page's hero image, for og:image and JSON-LD (crawlers need a full URL). */
export function socialImageUrl(hero: string): string {
  const url = heroImageUrl(hero)
  return /^https?:\/\//.test(url) ? url : absoluteUrl(url)
}
