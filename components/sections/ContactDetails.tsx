import type { ReactNode } from 'react'
import { brand } from '../../lib/brand.ts'
import { Icon, type IconName } from './Icon.tsx'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

function ContactItem({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <div className="contact-details__item">
      <span className="contact-details__icon badge">
        <Icon name={icon} />
      </span>
      <div>
        <p className="contact-details__label caps-label">{label}</p>
        <p>{children}</p>
      </div>
    </div>
  )
}

/** The company's static address, phone and e-mail (from lib/brand), as an <address>. */
export function ContactDetails() {
  const { address } = brand
  return (
    <address className="contact-details">
      <ContactItem icon="pin" label="Headquarters">
        {brand.company}
        <br />
        {address.street}
        <br />
        {address.city}, {address.region} {address.postalCode}
        <br />
        {address.country}
      </ContactItem>
      <ContactItem icon="phone" label="Phone">
        <a href={telHref(brand.phone)}>{brand.phone}</a>
      </ContactItem>
      <ContactItem icon="mail" label="E-mail">
        <a href={`mailto:${brand.email}`}>{brand.email}</a>
      </ContactItem>
      <ContactItem icon="clock" label="Hours">
        Monday to Friday, 9 am – 6 pm Pacific
      </ContactItem>
    </address>
  )
}
