// The real app over the run's production build (tests/helpers/production-build-global.ts), for
// page-level integration tests.

import { inject } from 'vitest'
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
