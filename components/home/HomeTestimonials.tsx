import { testimonials } from '../../lib/content/testimonials.ts'
import { Section } from '../sections/Section.tsx'

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('')

/** Four partner testimonials (docs/original-behaviour.md §2, Home). */
export function HomeTestimonials() {
  return (
    <Section
      id="partners"
      tone="tint"
      eyebrow="Partners"
      title="Trusted by the brands people love"
      intro={
        <p>
          From frozen desserts to weekly groceries, our launch partners put their most demanding orders in our
          lockers.
        </p>
      }
    >
      <ul className="testimonials grid-list">
        {testimonials.map((testimonial) => (
          <li key={testimonial.company} className="testimonial">
            <figure>
              <p className="testimonial__kind">
                <span className="testimonial__mark badge" aria-hidden="true">
                  {initials(testimonial.company)}
                </span>
                {testimonial.company}
                <span className="visually-hidden">, </span>
                <span className="testimonial__tag">{testimonial.kind}</span>
              </p>
              <blockquote>
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption>
                <span className="testimonial__name">{testimonial.name}</span>
                <span className="testimonial__role">
                  {testimonial.role}, {testimonial.company}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  )
}
