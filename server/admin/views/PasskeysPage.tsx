import type { PasskeyRow } from '../passkeys.server.ts'
import { ConsolePage, type ConsoleUser } from './ConsoleShell.tsx'
import { DataTable, RowAction } from './DataTable.tsx'
import { utcTime } from './format.ts'

/** The signed-in admin's own passkeys: add one (with JavaScript and WebAuthn), remove one. */
export function PasskeysPage({
  user,
  rows,
  available,
  done,
}: {
  user: ConsoleUser
  rows: PasskeyRow[]
  /** The origin passkeys are bound to; undefined where the site has none (an IP address). */
  available?: string
  done?: string
}) {
  return (
    <ConsolePage
      user={user}
      current="/admin/passkeys"
      title="Passkeys"
      lead="Sign in with your device's screen lock or a security key instead of an e-mailed link."
      done={done}
    >
      <section className="panel" aria-labelledby="add-passkey-title">
        <h2 id="add-passkey-title">Add a passkey</h2>
        {available ? (
          <>
            <div
              className="passkey-box"
              data-passkey-register
              data-csrf={user.csrf}
              data-origin={available}
              hidden
            >
              <button className="button button--dark" type="button">
                Add a passkey
              </button>
              <p className="small muted" data-passkey-status role="status" />
            </div>
            <p className="muted" data-passkey-unsupported>
              Adding a passkey needs JavaScript, a browser that supports passkeys, and this console opened at{' '}
              {available}. Sign-in links by e-mail keep working either way.
            </p>
          </>
        ) : (
          <p className="muted">
            This console is served from an IP address, where browsers do not offer passkeys. Serve it on a
            domain name (SITE_URL or PUBLIC_ORIGIN) to use them.
          </p>
        )}
      </section>
      <section className="panel" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">Your passkeys</h2>
        {rows.length === 0 ? (
          <p className="muted">You have no passkey yet.</p>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            caption="Your passkeys"
            columns={[
              { header: 'Passkey', cell: (row) => <code>{row.id.slice(0, 12)}</code> },
              { header: 'Added', cell: (row) => utcTime(row.createdAt) },
              { header: 'Last used', cell: (row) => utcTime(row.lastUsedAt, 'never') },
              {
                header: 'Action',
                cell: (row) => (
                  <RowAction
                    action="/admin/passkeys/remove"
                    csrf={user.csrf}
                    label="Remove"
                    detail={`passkey ${row.id.slice(0, 12)}`}
                    danger
                    confirm="Remove this passkey? It no longer signs you in."
                    fields={{ id: row.id }}
                  />
                ),
              },
            ]}
          />
        )}
      </section>
    </ConsolePage>
  )
}
