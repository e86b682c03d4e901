// The demo media palette: graphite and near-black grounds, a pale satin vehicle, and one accent
// (electric lime) used for light only: LED strips, the belt line, routes and highlights.

export type RGB = readonly [number, number, number]

export const ACCENT = '#c6ff3d'
export const ACCENT_RGB: RGB = [198, 255, 61]

export const INK = {
  black: '#060708',
  night: '#0a0c0e',
  graphite: '#14171b',
  slate: '#1d2126',
  steel: '#2a2f35',
  mist: '#6b737c',
} as const

export const rgb = (hex: string): RGB => {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

const clamp255 = (v: number) => Math.max(0, Math.min(255, Math.round(v)))

export const hex = (c: RGB): string => `#${c.map((v) => clamp255(v).toString(16).padStart(2, '0')).join('')}`

export const mix = (a: RGB, b: RGB, t: number): RGB => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
]

export const times = (c: RGB, k: number): RGB => [c[0] * k, c[1] * k, c[2] * k]

/** mulberry32: a tiny seeded PRNG so every "random" detail is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2)
