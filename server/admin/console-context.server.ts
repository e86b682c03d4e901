// What every console route shares with the console that registers it: the console's state on the
// Fastify scope, the signed-in admin's session of the request, and the admin as pages show them.
// Routes import this, never console.server.tsx, so the console only registers routes.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Permission } from '../../lib/admin/roles.ts'
import type { Mailer } from '../access/email-link-mail.server.ts'
import type { Database } from '../db/database.server.ts'
import type { Env } from '../env.server.ts'
import type { Storage } from '../storage/storage.server.ts'
import type { AdminSession } from './admin-sessions.server.ts'
import { csrfToken } from './http/csrf.server.ts'
import type { ConsoleUser } from './views/ConsoleShell.tsx'

export interface ConsoleDeps {
  env: Env
  db: Database
  /** Where partners' logos go (the `partners` bucket, as `rm5 partners set --logo`). */
  storage: Storage
  /** The site's key for hashing client addresses (the audit log's client hash). */
  ipKey: Buffer
  mailer?: Mailer
  now?: () => Date
  /** Keeps parallel tests' rate-limit counters apart. */
  rateLimitPrefix?: string
  /** Where the built site is (dist/client): the console uses its Inter font file when there. */
  clientDir?: string
}

export interface Console {
  deps: ConsoleDeps
  now: () => Date
  csrfKey: Buffer
  clientHash(request: FastifyRequest): string
  /** The built Inter font's address, preloaded by every page; undefined without a build. */
  fontUrl?: string
}

/** The signed-in admin as the pages show them, with this session's CSRF token. */
export function consoleUser(scope: FastifyInstance, session: AdminSession): ConsoleUser {
  return {
    email: session.email,
    role: session.role,
    csrf: csrfToken(scope.adminConsole.csrfKey, session.tokenHash),
  }
}

/** The session of a route that declared a permission (authorize has checked it). */
export function sessionOf(request: FastifyRequest): AdminSession {
  if (!request.adminSession) throw new Error('sessionOf on a route without a permission')
  return request.adminSession
}

declare module 'fastify' {
  interface FastifyInstance {
    adminConsole: Console
  }
  interface FastifyRequest {
    adminSession?: AdminSession
  }
  interface FastifyContextConfig {
    /** A console route: what the signed-in admin's role must allow (lib/admin/roles.ts). */
    permission?: Permission
    /** A console route answering data, not a page: 404 without a session instead of the sign-in page. */
    api?: boolean
  }
}
