// The real app over a private production build (tests/helpers/production-build), for page-level
// integration tests: closing it also removes the build.
import type { AppDeps } from '../../server/app.server.ts'
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts'
import { productionBuild } from './production-build.ts'

type BuildPages = Omit<NonNullable<AppDeps['pages']>, 'mode' | 'root'>

export interface ProductionTestApp extends TestApp {
  /** The build's folder: `pages.root` for another app over the same pages. */
  root: string
}

export interface ProductionTestAppOptions extends Omit<TestAppOptions, 'pages'> {
  /** Page options beside the build's mode and root (e.g. privatePageTtlMs). */
  pages?: BuildPages
}

/** Builds the site (one build at a time across test files), then the app over it. */
export async function createProductionTestApp(
  options: ProductionTestAppOptions = {},
): Promise<ProductionTestApp> {
  const build = await productionBuild()
  try {
    const t = await createTestApp({
      ...options,
      pages: { ...options.pages, mode: 'production', root: build.root },
    })
    return {
      ...t,
      root: build.root,
      async close() {
        try {
          await t.close()
        } finally {
          await build.remove()
        }
      },
    }
  } catch (error) {
    await build.remove()
    throw error
  }
}
