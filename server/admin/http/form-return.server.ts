// A console form refused for what was typed answers 303 to the page that shows it (decision 071),
// as the site's public forms do (decision 069): the values as typed and the messages are kept in
// `form_returns` under an id the address carries (`/admin/codes?answers=<id>`), so a reload shows
// the refusal again and posts nothing, on whichever instance answers. A page can hold several
// forms: each is kept under the page's path and the form's name (`/admin/codes#email`).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FormState } from '../../../lib/forms/form-state.ts'
import type { PrismaClient } from '../../db/database.server.ts'
import {
  ANSWERS_GONE,
  FORM_RETURN_PARAM,
  formReturnLocation,
  keepFormReturn,
  readKeptState,
} from '../../forms/form-returns.server.ts'

/** One form of a console page: the page's address and the form's name on it. */
export interface ConsoleForm {
  page: string
  form: string
}

/** The refused form a page's address names, and what it held. */
export interface ReturnedForm {
  /** The form's name, or undefined when its answers are no longer kept. */
  form: string | undefined
  state: FormState
}

/** Keeps a refused form's state and answers 303 to its page, naming it. */
export async function refuseTo(
  reply: FastifyReply,
  prisma: PrismaClient,
  target: ConsoleForm,
  state: FormState,
  now: Date,
): Promise<FastifyReply> {
  const id = await keepFormReturn(prisma, `${target.page}#${target.form}`, state, now)
  return reply.redirect(formReturnLocation(target.page, id), 303)
}

/**
 * The refused form `page`'s address names (`?answers=<id>`), or undefined for an address naming
 * none. An id no longer kept, or another page's, gives the empty state saying so.
 */
export async function returnedForm(
  request: FastifyRequest,
  prisma: PrismaClient,
  page: string,
  now: Date,
): Promise<ReturnedForm | undefined> {
  const id = (request.query as Record<string, unknown> | undefined)?.[FORM_RETURN_PARAM]
  if (typeof id !== 'string') return undefined
  const kept = await readKeptState(prisma, id, now)
  if (!kept?.path.startsWith(`${page}#`)) return { form: undefined, state: ANSWERS_GONE }
  return { form: kept.path.slice(page.length + 1), state: kept.state }
}

/**
 * The state for one form of the page: its own when the address names it; the "no longer kept"
 * state for the page's main form when the address names answers that are gone.
 */
export function stateOf(
  returned: ReturnedForm | undefined,
  form: string,
  main = false,
): FormState | undefined {
  if (!returned) return undefined
  if (returned.form === form || (main && returned.form === undefined)) return returned.state
  return undefined
}
