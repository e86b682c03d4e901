// Builds the site with Vike into the directory given as the first argument (its dist/), for
// tests that need a production build of their own rather than the shared dist/ that `npm start`
// and other engineers' runs rewrite. Run by tests/helpers/production-build.ts.
import { build } from 'vike/api'

await build({ viteConfig: { root: process.cwd(), build: { outDir: process.argv[2] }, logLevel: 'warn' } })
