// Build step run by scripts/build.ts as a child process: everything rolldown bundles, the
// browser's starter (decision 011) and the production server (decision 010). In a child, like
// vike build: `npm start` builds and then serves from this same process, and rolldown (its native
// binding, its heap) has no business in the server's memory.
import path from 'node:path'
import { isEntryModule, projectRootOf } from '../../server/process-entry'
import { bundleAppStart } from './app-start'
import { bundleServer } from './server-bundle'

if (isEntryModule(import.meta.url)) {
  const root = projectRootOf(import.meta.url)
  Promise.all([bundleAppStart(root, path.join(root, 'dist/client')), bundleServer(root)]).catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
