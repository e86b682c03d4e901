// Preloaded with `node --import` by tests/server/server-modules.test.ts: appends "<pid> <url>" to
// RM5_MODULE_LOG for every module this process loads (ES modules and require() alike), through
// Node's in-thread module hooks (no loader thread, nothing else changed), and "<pid> intl:<what>"
// for every use of `Intl`'s locale data (a formatter, collator or segmenter made, a number or date
// formatted for a locale, strings compared by locale): ICU's data is megabytes a process keeps
// once it has touched it. The recording wraps the built-ins and hands every call on unchanged.
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
  const record = (what) => appendFileSync(log, `${process.pid} intl:${what}\n`)
  for (const name of [
    'DateTimeFormat',
    'NumberFormat',
    'Collator',
    'PluralRules',
    'Segmenter',
    'RelativeTimeFormat',
    'ListFormat',
    'DisplayNames',
  ]) {
    Intl[name] = new Proxy(Intl[name], {
      construct(target, args, newTarget) {
        record(`Intl.${name}`)
        return Reflect.construct(target, args, newTarget)
      },
      apply(target, self, args) {
        record(`Intl.${name}`)
        return Reflect.apply(target, self, args)
      },
    })
  }
  for (const [type, name] of [
    [Number, 'toLocaleString'],
    [Date, 'toLocaleString'],
    [Date, 'toLocaleDateString'],
    [Date, 'toLocaleTimeString'],
    [String, 'localeCompare'],
  ]) {
    const original = type.prototype[name]
    type.prototype[name] = function (...args) {
      record(`${type.name}#${name}`)
      return original.apply(this, args)
    }
  }
}
