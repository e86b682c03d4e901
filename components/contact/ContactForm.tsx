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
import { EMAIL_MAX } from '../../lib/forms/fields.ts'
import type { FormState } from '../../lib/forms/form-state.ts'
import { TextAreaField, TextField } from '../forms/Field.tsx'
import { FormConfirmation } from '../forms/FormConfirmation.tsx'
import { FormSummaryAndKey } from '../forms/FormSummaryAndKey.tsx'
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
    <form
      ref={form.formRef}
      className="contact-form"
      method="post"
      action={CONTACT_API}
      noValidate
      aria-label="Contact form"
      aria-busy={form.submitting}
      onSubmit={form.onSubmit}
      onInput={form.onInput}
    >
      <FormSummaryAndKey form={form} />
      <fieldset className="form-fieldset">
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
        <SubmitButton submitting={form.submitting} busyLabel="Sending...">
          Send message
        </SubmitButton>
      </div>
    </form>
  )
}
