// The real app over the run's production build (tests/helpers/production-build-global.ts), for
// page-level integration tests.

import { afterAll, beforeAll, inject } from 'vitest'
import type { AppDeps } from '../../server/app.server.ts'
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts'

type BuildPages = Omit<NonNullable<AppDeps['pages']>, 'mode' | 'root'>

export interface ProductionTestApp extends TestApp {
  /** The build's folder: `pages.root` for another app over the same pages. */
  root: string
}

export interface ProductionTestAppOptions extends Omit<TestAppOptions, 'pages'> {
  /** Page options beside the build's mode and root (e.g. privatePageTtlMs). */
  pages?: BuildPages
}

/** The app over the run's production build. */
export async function createProductionTestApp(
  options: ProductionTestAppOptions = {},
): Promise<ProductionTestApp> {
  const root = inject('productionBuildRoot')
  const t = await createTestApp({ ...options, pages: { ...options.pages, mode: 'production', root } })
  return { ...t, root }
}

/**
 * The production app of a test file: built before its tests and closed after them. The object is
 * filled in before the first test: use it in tests and hooks only.
 */
export function productionAppForFile(options: ProductionTestAppOptions = {}): ProductionTestApp {
  const t = {} as ProductionTestApp
  beforeAll(async () => {
    Object.assign(t, await createProductionTestApp(options))
  }, 300_000)
  afterAll(async () => {
    await t.close?.()
  })
  return t
}
