// Shared by the form-post tests: POST a body the way an HTML form does (urlencoded), each call
// from its own client address unless one is given.
import type { FastifyInstance } from 'fastify'
import { injectPost } from './submissions.ts'

/** What a browser sends with a form post. */
const FORM_HEADERS = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
}

export interface FormPostOptions {
  ip?: string
  headers?: Record<string, string>
}

/** A record as a browser form encodes it; an array is one field sent once per element. */
export function formBody(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one)
  return params.toString()
}

export function postForm(
  app: FastifyInstance,
  url: string,
  body: string | Record<string, string | string[]>,
  options: FormPostOptions = {},
) {
  const payload = typeof body === 'string' ? body : formBody(body)
  return injectPost(app, url, payload, FORM_HEADERS, options)
}
