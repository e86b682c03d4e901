// Every JSON API route plugin, registered under /api by server/app.server.ts.
import type { FastifyInstance } from 'fastify'
import { accessRoutes } from '../../access/routes.server.ts'
import { type DocumentBeaconOptions, documentBeaconRoutes } from './document-beacons.server.ts'
import { formRoutes } from './forms.server.ts'
import { turntableRoutes } from './turntable.server.ts'

export interface ApiOptions {
  /** The data room's engagement and documents, which the reading beacon reports into. */
  documentBeacons: DocumentBeaconOptions
}

export async function apiRoutes(app: FastifyInstance, options: ApiOptions): Promise<void> {
  // One line per route module, e.g. `await app.register(applicationRoutes)`.
  await app.register(formRoutes)
  await app.register(accessRoutes)
  await app.register(turntableRoutes)
  await app.register(documentBeaconRoutes, options.documentBeacons)
}
