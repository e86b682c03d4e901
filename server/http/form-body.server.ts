// HTML form bodies (application/x-www-form-urlencoded) for the routes a plain <form> posts to:
// the forms (/apply, /contact) and the access gates. Parsed by @fastify/formbody with its own
// parser (fast-querystring: a field sent twice becomes an array, which the zod schemas refuse).
// Registered inside those route plugins only, so no other route accepts this encoding.
import formBody from '@fastify/formbody'
import { parse } from 'fast-querystring'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors.server.ts'

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

/**
 * A browser encodes every non-ASCII byte of a field as %XX (3 characters per byte, up to 9 per
 * character), so the form body of the longest valid submission is several times its JSON body.
 */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024

const mediaTypeOf = (request: FastifyRequest): string =>
  (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''

export const isFormPost = (request: FastifyRequest): boolean => mediaTypeOf(request) === FORM_CONTENT_TYPE

/**
 * A form post from the enhanced form's fetch (Accept: application/json) gets JSON answers; one from
 * a browser navigating (Accept: text/html, ...) gets a redirect or a page.
 */
export const answersPage = (request: FastifyRequest): boolean =>
  isFormPost(request) && !(request.headers.accept ?? '').includes('application/json')

/**
 * onRequest hook of a route taking JSON or an HTML form: anything else (no type at all included)
 * is a 415 before the body is read. text/plain and multipart, which a cross-site page can send
 * without a preflight, are refused app-wide already (server/http/csrf.server.ts).
 */
export async function requireJsonOrForm(request: FastifyRequest): Promise<void> {
  const type = mediaTypeOf(request)
  if (type !== 'application/json' && type !== FORM_CONTENT_TYPE) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json or as a form.')
  }
}

/**
 * What a browser sends is ASCII (every other byte percent-encoded) whose escapes decode to UTF-8.
 * fast-querystring keeps a malformed escape ("%E0%A4%A", "%FF") as raw text and the plugin decodes
 * raw bytes leniently, so anything else is refused here rather than stored as stray "%" signs or
 * replacement characters.
 */
function strictParse(body: string): Record<string, unknown> {
  try {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
    if (/[^\u0000-\u007f]/.test(body)) throw new URIError('raw non-ASCII')
    decodeURIComponent(body.replaceAll('+', ' '))
  } catch {
    throw new HttpError(400, 'invalid_form_body', 'The form data is not valid URL-encoded UTF-8.')
  }
  return parse(body)
}

export async function registerFormBody(
  app: FastifyInstance,
  bodyLimit = FORM_BODY_LIMIT_BYTES,
): Promise<void> {
  await app.register(formBody, { bodyLimit, parser: strictParse })
}
