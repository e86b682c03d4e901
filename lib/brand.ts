// Brand strings: product name, company, e-mail, postal address, phone and site URL, from the site
// config (BRAND_*, SITE_URL; lib/site-config.ts), whose schema holds their neutral defaults.
import { siteConfig } from './site-config.ts'

const config = siteConfig()

export const brand = {
  product: config.BRAND_PRODUCT,
  company: config.BRAND_COMPANY,
  email: config.BRAND_EMAIL,
  phone: config.BRAND_PHONE,
  address: {
    street: config.BRAND_STREET,
    city: config.BRAND_CITY,
    region: config.BRAND_REGION,
    postalCode: config.BRAND_POSTAL_CODE,
    country: 'United States',
  },
  siteUrl: config.SITE_URL.replace(/\/+$/, ''),
  copyrightYear: 2025,
} as const

export type Brand = typeof brand

/** Absolute URL of a site path, for canonical links and social cards. */
export function absoluteUrl(path: string): string {
  return `${brand.siteUrl}${path.startsWith('/') ? path : `/${path}`}`
}
