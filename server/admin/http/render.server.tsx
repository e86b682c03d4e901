// Console pages are React rendered to static HTML on the server (no hydration): every page and
// form works without JavaScript; /admin/assets/console.js only adds niceties.
import type { FastifyReply } from 'fastify'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { ConsoleDocument } from '../views/ConsoleDocument.tsx'

export function sendConsolePage(
  reply: FastifyReply,
  title: string,
  body: ReactNode,
  status = 200,
  options: { passkeys?: boolean; refresh?: string } = {},
) {
  const html = `<!doctype html>${renderToStaticMarkup(
    <ConsoleDocument
      title={title}
      passkeys={options.passkeys}
      refresh={options.refresh}
      fontUrl={reply.server.adminConsole?.fontUrl}
    >
      {body}
    </ConsoleDocument>,
  )}`
  return reply.code(status).type('text/html; charset=utf-8').send(html)
}
