import { describe, expect, it } from 'vitest'
import { importDevDependency } from './dev-dependency.server.ts'

describe('importDevDependency', () => {
  it('loads an installed package', async () => {
    const { default: pg } = await importDevDependency<typeof import('pg')>('pg', 'DATABASE_URL')
    expect(typeof pg.Pool).toBe('function')
  })

  it('names the setting a production install needs when the package is missing', async () => {
    await expect(importDevDependency('@rm5/not-installed', 'S3_ENDPOINT')).rejects.toThrow(
      /@rm5\/not-installed is not installed.*must set S3_ENDPOINT/,
    )
  })
})
