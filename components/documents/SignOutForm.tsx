import { LOGOUT_PATH } from '../../lib/access.ts'

/**
 * The docket's Sign out: a plain form post (no JavaScript needed; cross-site posts are refused
 * app-wide, server/http/csrf.server.ts) that ends every data-room session this browser holds on
 * the server and answers 303 to a gate it was signed in at, which says "You are signed out".
 */
export function SignOutForm({ className }: { className?: string }) {
  return (
    <form className={className ? `sign-out ${className}` : 'sign-out'} method="post" action={LOGOUT_PATH}>
      <button className="button button--ghost button--sm sign-out__button" type="submit">
        Sign out
      </button>
    </form>
  )
}
