import { brand } from '../../lib/brand.ts'
import { Icon } from './Icon.tsx'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** The company's static address, phone and e-mail (from lib/brand), as an <address>. */
export function ContactDetails() {
  const { address } = brand
  return (
    <address className="contact-details">
      <div className="contact-details__item">
        <span className="contact-details__icon">
          <Icon name="pin" />
        </span>
        <div>
          <p className="contact-details__label caps-label">Headquarters</p>
          <p>
            {brand.company}
            <br />
            {address.street}
            <br />
            {address.city}, {address.region} {address.postalCode}
            <br />
            {address.country}
          </p>
        </div>
      </div>
      <div className="contact-details__item">
        <span className="contact-details__icon">
          <Icon name="phone" />
        </span>
        <div>
          <p className="contact-details__label caps-label">Phone</p>
          <p>
            <a href={telHref(brand.phone)}>{brand.phone}</a>
          </p>
        </div>
      </div>
      <div className="contact-details__item">
        <span className="contact-details__icon">
          <Icon name="mail" />
        </span>
        <div>
          <p className="contact-details__label caps-label">E-mail</p>
          <p>
            <a href={`mailto:${brand.email}`}>{brand.email}</a>
          </p>
        </div>
      </div>
      <div className="contact-details__item">
        <span className="contact-details__icon">
          <Icon name="clock" />
        </span>
        <div>
          <p className="contact-details__label caps-label">Hours</p>
          <p>Monday to Friday, 9 am – 6 pm Pacific</p>
        </div>
      </div>
    </address>
  )
}
