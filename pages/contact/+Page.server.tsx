import { usePageContext } from 'vike-react/usePageContext'
import { ContactForm } from '../../components/contact/ContactForm.tsx'
import { FormIsland } from '../../components/forms/FormIsland.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { ContactDetails } from '../../components/sections/ContactDetails.tsx'
import { Section } from '../../components/sections/Section.tsx'
import { SectionIntro } from '../../components/sections/SectionIntro.tsx'
import { brand } from '../../lib/brand.ts'
import { APPLY_PATH } from '../../lib/routes.ts'

const routes = [
  {
    title: 'Retailers',
    body: `Bring the ${brand.product} to your stores: apply for the Austin launch and the rollout that follows.`,
    href: APPLY_PATH,
    link: 'Apply for Retailer Access',
  },
  {
    title: 'Press',
    body: 'Interviews, images and background on the company and the vehicle.',
    href: `mailto:${brand.email}?subject=Press`,
    link: 'E-mail the press team',
  },
  {
    title: 'Careers',
    body: 'Our culture, our values and the offices where we build.',
    href: '/careers',
    link: 'Explore careers',
  },
]

// HTML-only page (decision 020) whose form is an island (decision 022): see +client.ts. After a
// failed post without JavaScript the server renders it with the post's state (formState).
export default function Page() {
  const { formState } = usePageContext()
  return (
    <>
      <PageHero page="contact" eyebrow="Contact" title="Talk to us" compact>
        <p className="lede">
          Questions about the {brand.product}, partnerships or the press? Our team answers within one business
          day.
        </p>
      </PageHero>

      <section className="section" aria-labelledby="contact-title">
        <div className="container split contact-layout">
          <div className="contact-layout__info">
            <SectionIntro id="contact-title" eyebrow="Get in touch" title="Reach the team">
              <p>
                Write, call or visit our headquarters in {brand.address.city}, {brand.address.region}.
              </p>
            </SectionIntro>
            <ContactDetails />
          </div>
          <div className="contact-layout__form panel">
            <h2 className="contact-layout__form-title" id="message-title">
              Send us a message
            </h2>
            <p className="contact-layout__form-text">
              Name, e-mail and message are required; company is optional.
            </p>
            <FormIsland form="contact" island="contact-form" state={formState} Form={ContactForm} />
          </div>
        </div>
      </section>

      <Section id="routes" tone="tint" eyebrow="Shortcuts" title="Looking for something specific?">
        <ul className="contact-routes grid-list grid-list--thirds">
          {routes.map((route) => (
            <li key={route.title} className="card">
              <h3>{route.title}</h3>
              <p>{route.body}</p>
              <a className="text-link" href={route.href}>
                {route.link} <span aria-hidden="true">→</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
