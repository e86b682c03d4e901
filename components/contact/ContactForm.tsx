// The contact form (docs/original-behaviour.md §2, Contact) as an HTML form that posts to
// POST /api/contact without JavaScript, enhanced by useEnhancedForm with it (decision 022). Unlike
// the original, which dropped the message, it stores it and says so (docs/architecture.md: Forms).
import { contactNextSteps } from '../../lib/content/next-steps.ts'
import {
  CONTACT_API,
  type ContactField,
  contactFields,
  contactLimits,
  contactSchema,
} from '../../lib/forms/contact-schema.ts'
import type { FormState } from '../../lib/forms/form-state.ts'
import { CompanyField, EmailField, NameField, TextAreaField } from '../forms/Field.tsx'
import { FormConfirmation } from '../forms/FormConfirmation.tsx'
import { PostForm } from '../forms/PostForm.tsx'
import { SubmitButton } from '../forms/SubmitButton.tsx'
import { useEnhancedForm } from '../forms/use-enhanced-form.ts'

export const CONTACT_SENT = 'Message sent'

export function ContactForm({ state }: { state: FormState }) {
  const form = useEnhancedForm<ContactField>({
    id: 'contact',
    schema: contactSchema,
    fields: contactFields,
    initial: state,
  })
  if (form.status === 'sent') {
    return (
      <FormConfirmation
        title={CONTACT_SENT}
        steps={contactNextSteps}
        confirmationRef={form.confirmationRef}
        inline
        actions={
          <button type="button" className="button button--dark" onClick={form.reset}>
            Send another message
          </button>
        }
      >
        <p>Thank you, your message has been received.</p>
      </FormConfirmation>
    )
  }
  return (
    <PostForm form={form} className="contact-form" action={CONTACT_API} name={{ label: 'Contact form' }}>
      <fieldset className="form-fieldset">
        <legend className="visually-hidden">Your message</legend>
        <div className="form-grid">
          <NameField form={form} name="name" label="Name" maxLength={contactLimits.name} />
          <EmailField form={form} name="email" label="E-mail" />
          <CompanyField form={form} name="company" label="Company" maxLength={contactLimits.company} />
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
        <SubmitButton submitting={form.submitting} busyLabel="Sending...">
          Send message
        </SubmitButton>
      </div>
    </PostForm>
  )
}
