import type { ReactNode } from 'react'
import { TextField } from './TextField.tsx'

export const OIDC_START_PATH = '/admin/sign-in/oidc'

function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="sign-in" id="main">
      <div className="sign-in__card">
        <div className="console-brand">
          <span className="console-brand__mark" aria-hidden="true">
            RM5
          </span>
          <span>Admin console</span>
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  )
}

export type SignInNotice = 'sent' | 'signed-out' | 'expired' | 'no-mail' | 'limited' | 'check-address'

const NOTICES: Record<SignInNotice, { kind: 'ok' | 'error'; text: string }> = {
  sent: {
    kind: 'ok',
    text: 'If that address belongs to an admin, a sign-in link is on its way. It works once, within 15 minutes.',
  },
  'signed-out': { kind: 'ok', text: 'You are signed out.' },
  expired: { kind: 'error', text: 'Your session has ended. Sign in again.' },
  'no-mail': {
    kind: 'error',
    text: 'This server cannot send e-mail. Ask an owner for a one-time link (rm5 admins link <email>).',
  },
  limited: { kind: 'error', text: 'Too many sign-in requests. Wait a few minutes and try again.' },
  'check-address': {
    kind: 'error',
    text: 'Enter an e-mail address such as ops@example.com to get a sign-in link.',
  },
}

export function SignInPage({
  notice,
  error,
  email,
  passkeys,
  singleSignOn,
}: {
  notice?: SignInNotice
  error?: string
  email?: string
  /** The origin passkeys are bound to, when the site has one: the button's place is rendered. */
  passkeys?: string
  /** OpenID Connect is configured (decision 051): a plain link starts it, with or without script. */
  singleSignOn?: boolean
}) {
  const shown = notice ? NOTICES[notice] : undefined
  return (
    <SignInCard title="Sign in">
      {shown ? (
        <div className={`notice notice--${shown.kind}`} role={shown.kind === 'error' ? 'alert' : 'status'}>
          <p>{shown.text}</p>
        </div>
      ) : null}
      {passkeys ? (
        // Hidden until /admin/assets/passkey.js finds WebAuthn in this browser.
        <div className="passkey-box" data-passkey-sign-in data-origin={passkeys} hidden>
          <button className="button button--accent" type="button">
            Sign in with a passkey
          </button>
          <p className="small muted" data-passkey-status role="status" />
          {singleSignOn ? null : <p className="passkey-box__or">or get a link by e-mail</p>}
        </div>
      ) : null}
      {singleSignOn ? (
        <div className="passkey-box">
          <a className="button button--ghost" href={OIDC_START_PATH}>
            Sign in with single sign-on
          </a>
          <p className="passkey-box__or">or get a link by e-mail</p>
        </div>
      ) : null}
      <form method="post" action="/admin/sign-in" noValidate>
        <TextField
          id="sign-in-email"
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={error}
        />
        <button className="button button--dark" type="submit">
          E-mail me a sign-in link
        </button>
      </form>
      <p className="muted small">Only admins get a link; the answer is the same for every address.</p>
    </SignInCard>
  )
}

/** What a mailed link opens: a button, since mail scanners fetch links on their own. */
export function LinkPage({ token }: { token: string }) {
  return (
    <SignInCard title="Sign in to the console">
      <p>This link signs you in once. It expires 15 minutes after it was sent.</p>
      <form method="post" action="/admin/sign-in/link">
        <input type="hidden" name="token" value={token} />
        <button className="button button--accent" type="submit">
          Sign in
        </button>
      </form>
    </SignInCard>
  )
}

function BackToSignIn() {
  return (
    <p>
      <a className="button button--dark" href="/admin/sign-in">
        Back to sign in
      </a>
    </p>
  )
}

export function LinkRefusedPage() {
  return (
    <SignInCard title="This link no longer works">
      <p>A sign-in link works once, within 15 minutes. Ask for a new one.</p>
      <BackToSignIn />
    </SignInCard>
  )
}

/** A single sign-on that opened no session: why, and the way back. */
export function OidcRefusedPage({ message }: { message: string }) {
  return (
    <SignInCard title="Single sign-on did not sign you in">
      <div className="notice notice--error" role="alert">
        <p>{message}</p>
      </div>
      <BackToSignIn />
    </SignInCard>
  )
}

/**
 * The answer to the provider's redirect back: the session cookie is SameSite=Strict, which a
 * browser leaves out of a redirect that continues the provider's cross-site navigation, so the
 * console is reached by a navigation of this page (refresh, or the link).
 */
export function SignedInPage() {
  return (
    <SignInCard title="You are signed in">
      <p>
        <a className="button button--accent" href="/admin">
          Continue to the console
        </a>
      </p>
    </SignInCard>
  )
}
