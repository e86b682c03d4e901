import type { PartnerHoldings, PartnerRow } from '../../partners/partner-store.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { CsrfForm } from './FormParts.tsx'
import { Notice } from './Notice.tsx'

/**
 * The confirm step of removing a partner, as `rm5 partners remove`: with live codes or documents
 * the removal is refused unless forced, which revokes the codes and hides the documents with it.
 */
export function PartnerRemovePage({
  user,
  partner,
  holdings,
  error,
}: {
  user: ConsoleUser
  partner: PartnerRow
  holdings: PartnerHoldings
  error?: string
}) {
  const holds = holdings.liveCodes > 0 || holdings.documents > 0
  return (
    <ConsolePage
      user={user}
      current="/admin/partners"
      title={`Remove ${partner.name}?`}
      lead={`The gate at /${partner.slug} answers 404 within seconds.`}
    >
      {error ? (
        <Notice kind="error" title="Not removed">
          {error}
        </Notice>
      ) : null}
      <section className="panel" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{holds ? 'It still has codes or documents' : 'Nothing else goes with it'}</h2>
        {holds ? (
          <p>
            {partner.name} has {holdings.liveCodes} live code{holdings.liveCodes === 1 ? '' : 's'} and{' '}
            {holdings.documents} document{holdings.documents === 1 ? '' : 's'}. Removing it revokes the codes
            and hides the documents in the same step. Nothing is deleted.
          </p>
        ) : (
          <p>It has no live codes and no documents. Nothing is deleted.</p>
        )}
        <div className="actions">
          <CsrfForm action={`/admin/partners/${partner.slug}/remove`} csrf={user.csrf}>
            <input type="hidden" name="confirm" value="yes" />
            {holds ? <input type="hidden" name="force" value="yes" /> : null}
            <button className="button button--danger button--names" type="submit">
              {holds ? 'Revoke, hide and remove' : `Remove ${partner.name}`}
            </button>
          </CsrfForm>
          <a className="button button--ghost" href={`/admin/partners/${partner.slug}`}>
            Keep it
          </a>
        </div>
      </section>
    </ConsolePage>
  )
}
