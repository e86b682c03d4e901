import type { ReactNode } from 'react'

export const CONSOLE_CSS_PATH = '/admin/assets/console.css'
export const CONSOLE_JS_PATH = '/admin/assets/console.js'

/** The whole HTML document of a console page: noindex, one stylesheet, one small deferred script. */
export function ConsoleDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} — Admin console`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={CONSOLE_CSS_PATH} />
        <script src={CONSOLE_JS_PATH} defer />
      </head>
      <body>{children}</body>
    </html>
  )
}

/** The CSRF token every console form posts back (server/admin/http/csrf.server.ts). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />
}
