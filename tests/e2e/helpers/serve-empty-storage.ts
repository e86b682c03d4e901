// A production server over storage with no media at all: no demo media is generated (unlike
// `npm start`), so the viewer's empty and missing-bucket states can be seen for real. Started by
// tests/e2e/helpers/empty-server.ts with PORT and DATA_DIR in the environment.
import { preparation } from '../../../scripts/lib/run-prepare.ts'
import { startServer } from '../../../server/main.server.ts'

// The same preparation as `npm start` (migrations: the gates read the partners, and readiness
// waits for the schema), with DEMO_MEDIA=off from empty-server.ts so the buckets stay empty.
startServer({ mode: 'production', ...preparation }).catch((error) => {
  console.error(error)
  process.exit(1)
})
