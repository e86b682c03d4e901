// What a build prints: a quiet one (npm start's, npm test's) its warnings only; every build keeps
// rolldown's warnings but the one about lottie-web's players, whose code no chunk holds.
import type { RolldownLog } from 'rolldown'
import { describe, expect, it } from 'vitest'
import viteConfig from '../../../vite.config.ts'
import { BUILD_QUIET, buildLogLevel, withoutLottieEval } from './quiet.ts'

describe('the build’s output', () => {
  it('lists every file for `npm run build`, warnings only when quiet', () => {
    expect(buildLogLevel({})).toBe('info')
    expect(buildLogLevel({ [BUILD_QUIET]: '1' })).toBe('warn')
    expect(viteConfig.build?.rolldownOptions?.onLog).toBe(withoutLottieEval)
  })

  it('passes every warning on but lottie-web’s eval', () => {
    const passed: string[] = []
    const log = (code: string, id: string) => ({ code, id, message: code }) as RolldownLog
    const take = (code: string, id: string) =>
      withoutLottieEval('warn', log(code, id), (_level, given) => passed.push(`${given.code} ${given.id}`))
    take('EVAL', '/app/node_modules/lottie-web/build/player/lottie.js')
    take('EVAL', '/app/components/mine.ts')
    take('CIRCULAR_DEPENDENCY', '/app/node_modules/lottie-web/x.js')
    expect(passed).toEqual([
      'EVAL /app/components/mine.ts',
      'CIRCULAR_DEPENDENCY /app/node_modules/lottie-web/x.js',
    ])
  })
})
