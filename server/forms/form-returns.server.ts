// A failed form post without JavaScript answers 303 to its form's page (decision 069): the state
// that page renders (the answers as typed, the messages) is kept here under an unguessable id the
// redirect's address carries, so a reload shows the page again and posts nothing. Kept an hour,
// in Postgres, so any instance behind a load balancer answers the redirect; pruned after
// (server/retention/prune.server.ts).
import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { FormState } from '../../lib/forms/form-state.ts'
import { FORM_PAGE_PATHS } from '../../lib/routes.ts'
import type { PrismaClient } from '../db/database.server.ts'

/** How long the answers of a failed post are kept for its page. */
export const FORM_RETURN_TTL_MS = 60 * 60 * 1000

/** The query parameter of the form page's address that names the kept answers. */
export const FORM_RETURN_PARAM = 'answers'

/** What the page says when the address names answers no longer kept (or never kept). */
export const FORM_RETURN_GONE =
  'Your answers are kept for an hour after sending and these are no longer here. Please fill in the form again.'

const ID = /^[A-Za-z0-9_-]{22}$/

/** The empty form, saying its answers are no longer kept. */
export const ANSWERS_GONE: FormState = { values: {}, errors: {}, message: FORM_RETURN_GONE }

// Read back from the database, and checked like any input: a row changed by hand cannot put
// anything but strings into the page.
const storedState = z.object({
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.string()),
  message: z.string().optional(),
  key: z.string().optional(),
})

/** Keeps a failed post's state for `path`'s page; the id to put in its address. */
export async function keepFormReturn(
  prisma: PrismaClient,
  path: string,
  state: FormState,
  now: Date,
): Promise<string> {
  const id = randomBytes(16).toString('base64url')
  await prisma.formReturn.create({
    data: { id, path, state: { ...state }, expiresAt: new Date(now.getTime() + FORM_RETURN_TTL_MS) },
  })
  return id
}

/**
 * The state kept under `id` and the path it was kept for, or undefined when the id is malformed,
 * expired or unknown, or the row does not hold a form's state.
 */
export async function readKeptState(
  prisma: PrismaClient,
  id: string,
  now: Date,
): Promise<{ path: string; state: FormState } | undefined> {
  if (!ID.test(id)) return undefined
  const row = await prisma.formReturn.findUnique({ where: { id } })
  if (!row || row.expiresAt <= now) return undefined
  const state = storedState.safeParse(row.state)
  return state.success ? { path: row.path, state: state.data } : undefined
}

/**
 * The state kept under `id` for `path`'s page, or the empty form with FORM_RETURN_GONE when the
 * id is malformed, expired, unknown or another form's.
 */
export async function readFormReturn(
  prisma: PrismaClient,
  path: string,
  id: string,
  now: Date,
): Promise<FormState> {
  const kept = await readKeptState(prisma, id, now)
  return kept?.path === path ? kept.state : ANSWERS_GONE
}

/**
 * The state a form page's address names (`/apply?answers=<id>`; `search` is the address's query
 * string), or undefined for any other request. A database that cannot be read gives the empty
 * form with FORM_RETURN_GONE, logged.
 */
export function formReturnOf(
  prisma: PrismaClient,
  request: FastifyRequest,
  pathname: string,
  search: string,
): Promise<FormState> | undefined {
  if (!FORM_PAGE_PATHS.includes(pathname)) return undefined
  const id = new URLSearchParams(search).get(FORM_RETURN_PARAM)
  if (id === null) return undefined
  return readFormReturn(prisma, pathname, id, new Date()).catch((err: unknown) => {
    request.log.warn({ err }, 'could not read the answers of a failed form post')
    return ANSWERS_GONE
  })
}

/** The address a failed post is redirected to: its form's page, naming the kept answers. */
export const formReturnLocation = (path: string, id: string): string =>
  `${path}?${FORM_RETURN_PARAM}=${encodeURIComponent(id)}`
