// Vitest globalSetup of the files that serve the production pages (the `own-build` project,
// vitest.config.ts): the run's one production build (tests/helpers/production-build.ts), removed
// after the run.
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { makeProductionBuild } from './production-build.ts'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // .data-* is gitignored and skipped by Biome and Vitest.
  const root = join(
    resolve(import.meta.dirname, '..', '..'),
    `.data-test-build-${randomBytes(4).toString('hex')}`,
  )
  try {
    await makeProductionBuild(root)
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
  project.provide('productionBuildRoot', root)
  return () => rm(root, { recursive: true, force: true })
}
