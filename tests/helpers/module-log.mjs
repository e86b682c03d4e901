// Preloaded with `node --import` by tests/server/server-modules.test.ts: appends "<pid> <url>" to
// RM5_MODULE_LOG for every module this process loads (ES modules and require() alike), through
// Node's in-thread module hooks (no loader thread, nothing else changed).
import { appendFileSync } from 'node:fs'
import { registerHooks } from 'node:module'

const log = process.env.RM5_MODULE_LOG
if (log) {
  registerHooks({
    load(url, context, next) {
      const loaded = next(url, context)
      appendFileSync(log, `${process.pid} ${url}\n`)
      return loaded
    },
  })
}
