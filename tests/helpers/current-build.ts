// Tests that serve the pages of the project's own dist/ (production mode) refuse a build older
// than the sources, with a message, instead of testing the pages as they were at the last build.
// The stamp is the one `npm start` and `npm test` rebuild by (scripts/run/build/stamp.ts).
import { resolve } from 'node:path'
import { isBuildCurrent } from '../../scripts/run/build/stamp.ts'

const projectRoot = resolve(import.meta.dirname, '..', '..')
let checked = false

/** The project root, as `pages.root`, once its dist/ is known to be built from today's sources. */
export function currentBuildRoot(): string {
  if (!checked && !isBuildCurrent(projectRoot)) {
    throw new Error(
      'dist/ is missing or older than the sources (its build stamp does not match): run `npm run build` ' +
        'first. These tests serve the built pages and would otherwise test old ones.',
    )
  }
  checked = true
  return projectRoot
}
