// The /media routes alone, with the app's own error handler, for tests against a real (embedded) S3.
import Fastify, { type FastifyInstance } from 'fastify'
import { registerErrorHandling } from '../../server/http/errors.server.ts'
import { mediaRoutes } from '../../server/routes/media.server.ts'
import type { MediaCache } from '../../server/routes/media-cache.server.ts'
import type { Storage } from '../../server/storage/storage.server.ts'

export async function buildMediaApp(storage: Storage, cache?: MediaCache): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  registerErrorHandling(app)
  await app.register(mediaRoutes, { storage, cache })
  await app.ready()
  return app
}

export type S3Calls = Record<'statObject' | 'getObject' | 'getPartialObject', number>

/**
 * The real storage with its S3 client wrapped: every call still goes to S3, and the counts
 * show which ones a request made. `hold.stat` (when set) is awaited before each statObject.
 */
export function countingStorage(storage: Storage): {
  storage: Storage
  calls: S3Calls
  hold: { stat?: Promise<void>; getObjectError?: Error }
} {
  const calls: S3Calls = { statObject: 0, getObject: 0, getPartialObject: 0 }
  const hold: { stat?: Promise<void>; getObjectError?: Error } = {}
  const client = new Proxy(storage.client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (typeof value !== 'function' || !(property in calls)) return value
      return async (...args: unknown[]) => {
        calls[property as keyof S3Calls]++
        if (property === 'statObject' && hold.stat) await hold.stat
        if (property === 'getObject' && hold.getObjectError) {
          const error = hold.getObjectError
          hold.getObjectError = undefined
          throw error
        }
        return value.apply(target, args)
      }
    },
  })
  return { storage: { ...storage, client }, calls, hold }
}
