// Values baked into pages at build time (vite.config.ts envPrefix). Vite replaces each
// `import.meta.env.NAME` literally — a bare `import.meta.env` object is not (Vike nulls it) — so
// every name is read explicitly. Outside Vite (tsx: server, CLI, tests) import.meta.env is
// undefined, the property read throws, and process.env is used instead.
export interface BuildEnv {
  SITE_URL?: string
  VIDEO_BASE_URL?: string
  MEDIA_PUBLIC_URL?: string
  BRAND_PRODUCT?: string
  BRAND_COMPANY?: string
  BRAND_EMAIL?: string
  BRAND_PHONE?: string
  BRAND_STREET?: string
  BRAND_CITY?: string
  BRAND_REGION?: string
  BRAND_POSTAL_CODE?: string
}

function readBuildEnv(): BuildEnv {
  try {
    return {
      SITE_URL: import.meta.env.SITE_URL,
      VIDEO_BASE_URL: import.meta.env.VIDEO_BASE_URL,
      MEDIA_PUBLIC_URL: import.meta.env.MEDIA_PUBLIC_URL,
      BRAND_PRODUCT: import.meta.env.BRAND_PRODUCT,
      BRAND_COMPANY: import.meta.env.BRAND_COMPANY,
      BRAND_EMAIL: import.meta.env.BRAND_EMAIL,
      BRAND_PHONE: import.meta.env.BRAND_PHONE,
      BRAND_STREET: import.meta.env.BRAND_STREET,
      BRAND_CITY: import.meta.env.BRAND_CITY,
      BRAND_REGION: import.meta.env.BRAND_REGION,
      BRAND_POSTAL_CODE: import.meta.env.BRAND_POSTAL_CODE,
    }
  } catch {
    return typeof process === 'undefined' ? {} : (process.env as BuildEnv)
  }
}

export const buildEnv: BuildEnv = readBuildEnv()
