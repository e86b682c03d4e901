// POST /api/applications: a retailer application from /apply (docs/original-behaviour.md §3, 5, 7).
import type { FastifyInstance } from 'fastify'
import {
  type ApplicationInput,
  applicationFields,
  applicationSchema,
} from '../../../lib/forms/application-schema.ts'
import { APPLY_PATH, APPLY_RECEIVED_PATH } from '../../../lib/routes.ts'
import { submissionRoute } from '../../forms/submission-route.server.ts'

/** Column values for a valid application; absent optional answers are stored as NULL. */
function rowData(input: ApplicationInput) {
  return {
    companyName: input.companyName,
    businessType: input.businessType,
    numberOfLocations: input.numberOfLocations,
    contactName: input.contactName,
    email: input.email,
    phone: input.phone,
    // A string, so the Decimal column receives exactly the cents that were typed.
    averageOrderValue: input.averageOrderValue === undefined ? null : input.averageOrderValue.toFixed(2),
    monthlyOrderVolume: input.monthlyOrderVolume ?? null,
    currentDeliveryMethod: input.currentDeliveryMethod ?? null,
    additionalInfo: input.additionalInfo ?? null,
  }
}

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  await submissionRoute(app, {
    url: '/applications',
    rateLimit: 'applications',
    name: 'retailer application',
    page: { path: APPLY_PATH, confirmation: APPLY_RECEIVED_PATH, fields: applicationFields },
    schema: applicationSchema,
    rowData,
    table: (db) => db.retailerApplication,
    event: (applicationId) => ({ event: 'application.created', applicationId }),
  })
}
