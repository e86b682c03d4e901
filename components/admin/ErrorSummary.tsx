import { Notice } from './ConsoleShell.tsx'

/** The form's problems, each a link to its field (`#<prefix>-<name>`), as the public forms list them. */
export function ErrorSummary({ errors, prefix }: { errors: Record<string, string>; prefix: string }) {
  const entries = Object.entries(errors)
  if (entries.length === 0) return null
  return (
    <Notice kind="error" title="There is a problem">
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#${prefix}-${name}`}>{message}</a>
          </li>
        ))}
      </ul>
    </Notice>
  )
}
