// Builds the site with Vike into the directory given as the first argument (its dist/): the test
// run's own production build when the shared dist/ is not current with the sources. Run by
// tests/helpers/production-build.ts.
import { build } from 'vike/api'

await build({ viteConfig: { root: process.cwd(), build: { outDir: process.argv[2] }, logLevel: 'warn' } })
