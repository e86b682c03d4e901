// Brand strings: product name, company, e-mail, postal address, phone and site URL. Neutral
// defaults, each overridable by an env variable read when the server starts (lib/site-config.ts).
import { siteSource } from './site-config.ts'

const source: Record<string, string | undefined> = { ...siteSource }

function pick(name: string, fallback: string): string {
  const value = source[name]
  return value && value.trim() !== '' ? value.trim() : fallback
}

export const brand = {
  product: pick('BRAND_PRODUCT', 'RM5'),
  company: pick('BRAND_COMPANY', 'RM5 Robotics'),
  email: pick('BRAND_EMAIL', 'hello@rm5.example'),
  phone: pick('BRAND_PHONE', '+1 (818) 555-0150'),
  address: {
    street: pick('BRAND_STREET', '100 N Brand Blvd, Suite 500'),
    city: pick('BRAND_CITY', 'Glendale'),
    region: pick('BRAND_REGION', 'CA'),
    postalCode: pick('BRAND_POSTAL_CODE', '91203'),
    country: 'United States',
  },
  siteUrl: pick('SITE_URL', 'http://127.0.0.1:3000').replace(/\/+$/, ''),
  copyrightYear: 2025,
} as const

export type Brand = typeof brand

/** Env variables that override brand strings (validated by server/env.server.ts). */
export const brandEnvNames = [
  'BRAND_PRODUCT',
  'BRAND_COMPANY',
  'BRAND_EMAIL',
  'BRAND_PHONE',
  'BRAND_STREET',
  'BRAND_CITY',
  'BRAND_REGION',
  'BRAND_POSTAL_CODE',
] as const

/** Absolute URL of a site path, for canonical links and social cards. */
export function absoluteUrl(path: string): string {
  return `${brand.siteUrl}${path.startsWith('/') ? path : `/${path}`}`
}
