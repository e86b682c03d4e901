import type { Office } from '../../lib/content/careers.ts'
import { Icon } from './Icon.tsx'

/** Office locations as cards with their role and address. */
export function OfficeList({ offices }: { offices: Office[] }) {
  return (
    <ul className="offices grid-list grid-list--thirds">
      {offices.map((office) => (
        <li key={office.city} className="office">
          <p className="office__role caps-label">{office.role}</p>
          <h3>{office.city}</h3>
          <p>{office.body}</p>
          <p className="office__address">
            <Icon name="pin" size={18} />
            {office.address}
          </p>
        </li>
      ))}
    </ul>
  )
}
