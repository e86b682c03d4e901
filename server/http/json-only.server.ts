import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from './errors.server'

/**
 * onRequest hook: refuse any body that is not declared as JSON with a 415, before it is read.
 * Fastify would parse text/plain too, and text/plain is what a cross-site <form> or a "simple"
 * fetch can send without a CORS preflight: insisting on application/json keeps other sites from
 * posting into our forms in a visitor's name.
 */
export async function requireJson(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const mediaType = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.')
  }
}
