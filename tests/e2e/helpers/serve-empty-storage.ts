// A production server over storage with no media at all: no demo media is generated (unlike
// `npm start`), so the viewer's empty and missing-bucket states can be seen for real. Started by
// tests/e2e/helpers/empty-server.ts with PORT and DATA_DIR in the environment.
import { startServer } from '../../../server/main.server.ts'

startServer({ mode: 'production' }).catch((error) => {
  console.error(error)
  process.exit(1)
})
