// What a build prints. `npm run build` lists every file it wrote; the builds `npm start` and
// `npm test` make on their way to something else print warnings, errors and a line of their own
// (scripts/run/build.ts), so a first start does not open on screens of file sizes.
import type { RolldownLog } from 'rolldown'

/** Set in the environment of a build's steps (vike build, the demo media) when it is quiet. */
export const BUILD_QUIET = 'RM5_BUILD_QUIET'

/** Vite's log level for a build run with this environment. */
export function buildLogLevel(env: NodeJS.ProcessEnv = process.env): 'warn' | 'info' {
  return env[BUILD_QUIET] ? 'warn' : 'info'
}

type LogHandler = (level: 'warn' | 'info' | 'debug', log: RolldownLog) => void

/**
 * rolldown's onLog: every log passed on but one. lottie-react's entry imports lottie-web's full
 * players, which run an animation's expressions through a direct eval; the site plays its
 * animations with the light player (components/media/motion/LottiePlayer.tsx), so no chunk holds
 * that code and the warning is about code the bundle leaves out.
 */
export function withoutLottieEval(level: 'warn' | 'info' | 'debug', log: RolldownLog, handler: LogHandler) {
  if (log.code === 'EVAL' && log.id?.includes('/node_modules/lottie-web/')) return
  handler(level, log)
}
