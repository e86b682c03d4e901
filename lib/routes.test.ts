import { describe, expect, it } from 'vitest'
import { isActivePath, privatePaths, publicPaths } from './routes.ts'

describe('isActivePath', () => {
  it('marks the current section only', () => {
    expect(isActivePath('/technology', '/technology')).toBe(true)
    expect(isActivePath('/technology/more', '/technology')).toBe(true)
    expect(isActivePath('/technologies', '/technology')).toBe(false)
    expect(isActivePath('/experience', '/')).toBe(false)
    expect(isActivePath('/', '/')).toBe(true)
  })

  it('never lists a private path as public', () => {
    for (const p of privatePaths) expect(publicPaths as readonly string[]).not.toContain(p)
  })
})
