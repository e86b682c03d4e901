// The release this code is (package.json, semantic versioning: docs/upgrading.md). Imported, not
// read from disk at run time, so the server bundle and the CLI carry it wherever they run.
import packageJson from '../package.json' with { type: 'json' }

export const VERSION: string = packageJson.version
