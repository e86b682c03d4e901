// The contact form (docs/original-behaviour.md §2, Contact). Unlike the original, which dropped the message,
// it stores it through POST /api/contact and says so (docs/architecture.md: Forms).
import { useState } from 'react'
import {
  CONTACT_API,
  type ContactField,
  contactLimits,
  contactSchema,
  emptyContact,
} from '../../lib/forms/contact-schema'
import { EMAIL_MAX } from '../../lib/forms/fields'
import { TextAreaField, TextField } from '../forms/Field'
import { SubmitButton } from '../forms/SubmitButton'
import { useSubmissionForm } from '../forms/useSubmissionForm'

export const CONTACT_SUCCESS = "Message sent. We'll get back to you within one business day."
export const CONTACT_FAILURE = 'Failed to send your message. Please try again.'

export function ContactForm() {
  const [sent, setSent] = useState(false)
  const form = useSubmissionForm<ContactField>({
    id: 'contact',
    schema: contactSchema,
    empty: emptyContact,
    url: CONTACT_API,
    name: 'Contact message',
    messages: { success: CONTACT_SUCCESS, failure: CONTACT_FAILURE },
    onSuccess: () => setSent(true),
  })
  return (
    <form
      ref={form.formRef}
      className="contact-form"
      aria-label="Contact form"
      aria-busy={form.submitting}
      onSubmit={form.onSubmit}
      onChange={() => setSent(false)}
    >
      <fieldset className="form-fieldset" disabled={form.submitting}>
        <legend className="visually-hidden">Your message</legend>
        <div className="form-grid">
          <TextField
            form={form}
            name="name"
            label="Name"
            required
            autoComplete="name"
            maxLength={contactLimits.name}
          />
          <TextField
            form={form}
            name="email"
            label="E-mail"
            required
            type="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={EMAIL_MAX}
            placeholder="name@company.com"
          />
          <TextField
            form={form}
            name="company"
            label="Company"
            wide
            autoComplete="organization"
            maxLength={contactLimits.company}
          />
          <TextAreaField
            form={form}
            name="message"
            label="Message"
            required
            wide
            rows={6}
            maxLength={contactLimits.message}
          />
        </div>
      </fieldset>
      <div className="form-actions">
        <SubmitButton submitting={form.submitting} hydrated={form.hydrated} busyLabel="Sending...">
          Send message
        </SubmitButton>
        <p className="contact-form__status" role="status">
          {sent ? (
            <>
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                <circle cx="10" cy="10" r="10" fill="currentColor" />
                <path
                  d="M6 10.5l2.5 2.5L14 7.5"
                  fill="none"
                  stroke="#c6ff3d"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              Thank you, your message has been received.
            </>
          ) : null}
        </p>
      </div>
    </form>
  )
}
