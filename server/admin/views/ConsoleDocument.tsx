import type { ReactNode } from 'react'

export const CONSOLE_CSS_PATH = '/admin/assets/console.css'
export const CONSOLE_JS_PATH = '/admin/assets/console.js'
/** The passkey pages' scripts, in order: the WebAuthn library, then the buttons that use it. */
export const PASSKEY_JS_PATHS = ['/admin/assets/webauthn.js', '/admin/assets/passkey.js']

/**
 * The whole HTML document of a console page: noindex, one stylesheet, one small deferred script
 * (and the passkey scripts on the pages with a passkey button).
 */
export function ConsoleDocument({
  title,
  passkeys,
  refresh,
  fontUrl,
  children,
}: {
  title: string
  passkeys?: boolean
  /** A same-site path the page moves on to at once (the browser's own navigation, not a redirect). */
  refresh?: string
  /** The Inter file the stylesheet names, fetched with it so the first paint has it. */
  fontUrl?: string
  children: ReactNode
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        {refresh ? <meta httpEquiv="refresh" content={`0;url=${refresh}`} /> : null}
        <title>{`${title} — Admin console`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={CONSOLE_CSS_PATH} />
        {fontUrl ? (
          <link rel="preload" href={fontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
        ) : null}
        <script src={CONSOLE_JS_PATH} defer />
        {passkeys ? PASSKEY_JS_PATHS.map((src) => <script key={src} src={src} defer />) : null}
      </head>
      <body>{children}</body>
    </html>
  )
}

/** The CSRF token every console form posts back (server/admin/http/csrf.server.ts). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />
}
