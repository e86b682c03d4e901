// The retailer application (docs/original-behaviour.md §3, 4, 5) as an HTML form that posts to
// POST /api/applications without JavaScript, enhanced by useEnhancedForm with it (decision 022).
// Validated by the same schema as the server, stored once per submission (hidden idempotency key).
import {
  APPLICATIONS_API,
  type ApplicationField,
  applicationFields,
  applicationLimits,
  applicationSchema,
  businessTypes,
  deliveryMethods,
} from '../../lib/forms/application-schema.ts'
import type { FormState } from '../../lib/forms/form-state.ts'
import {
  CompanyField,
  CountField,
  EmailField,
  NameField,
  NumberedFieldset,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
} from '../forms/Field.tsx'
import { FormConfirmation } from '../forms/FormConfirmation.tsx'
import { PostForm } from '../forms/PostForm.tsx'
import { SubmitButton } from '../forms/SubmitButton.tsx'
import { useEnhancedForm } from '../forms/use-enhanced-form.ts'

/** The spec's outcomes (its "Apply" section and table of outcomes), word for word: each is the first thing read. */
export const APPLICATION_SUCCESS = "Application submitted successfully! We'll be in touch soon."
export const APPLICATION_FAILURE = 'Failed to submit application. Please try again.'

export function ApplicationForm({ state }: { state: FormState }) {
  const form = useEnhancedForm<ApplicationField>({
    id: 'apply',
    schema: applicationSchema,
    fields: applicationFields,
    initial: state,
  })
  // The spec's form goes idle, submitting, idle, and resets on success (§4): the confirmation is
  // shown above the same form, rendered anew (empty) for another application. The next steps are
  // beside it already (the page's aside), so the confirmation does not repeat them.
  const confirmation =
    form.status === 'sent' ? (
      <div className="application-form panel">
        <FormConfirmation title={APPLICATION_SUCCESS} confirmationRef={form.confirmationRef} inline>
          <p>Thank you. Your application is stored and our partnerships team has been told.</p>
          <p>The form below is empty again, should you want to apply for another business.</p>
        </FormConfirmation>
      </div>
    ) : null
  return (
    <>
      {confirmation}
      <ApplicationPostForm form={form} key={form.sentCount} />
    </>
  )
}

function ApplicationPostForm({ form }: { form: ReturnType<typeof useEnhancedForm<ApplicationField>> }) {
  return (
    <PostForm
      form={form}
      className="application-form panel"
      action={APPLICATIONS_API}
      name={{ labelledBy: 'application-form-title' }}
      failureTitle={APPLICATION_FAILURE}
      head={
        <div className="application-form__head">
          <h3 id="application-form-title">Retailer application</h3>
          <p>Fields marked optional can be skipped. Everything else we need to get started.</p>
        </div>
      }
    >
      <NumberedFieldset step={1} legend="Your business">
        <CompanyField
          form={form}
          name="companyName"
          label="Company name"
          required
          maxLength={applicationLimits.companyName}
        />
        <SelectField
          form={form}
          name="businessType"
          label="Business type"
          required
          placeholder="Select a business type"
          options={businessTypes}
        />
        <CountField
          form={form}
          name="numberOfLocations"
          label="Locations in Austin"
          required
          max={applicationLimits.numberOfLocations}
        />
      </NumberedFieldset>

      <NumberedFieldset step={2} legend="Contact person">
        <NameField
          form={form}
          name="contactName"
          label="Full name"
          wide
          maxLength={applicationLimits.contactName}
        />
        <EmailField form={form} name="email" label="Work e-mail" />
        <PhoneField form={form} name="phone" label="Phone" />
      </NumberedFieldset>

      <NumberedFieldset step={3} legend="Orders and delivery">
        <TextField
          form={form}
          name="averageOrderValue"
          label="Average order value"
          prefix="$"
          type="number"
          inputMode="decimal"
          min={0}
          max={applicationLimits.averageOrderValue}
          step={0.01}
        />
        <CountField
          form={form}
          name="monthlyOrderVolume"
          label="Orders per month"
          max={applicationLimits.monthlyOrderVolume}
        />
        <SelectField
          form={form}
          name="currentDeliveryMethod"
          label="How do you deliver today?"
          wide
          placeholder="Select a delivery method"
          options={deliveryMethods}
        />
        <TextAreaField
          form={form}
          name="additionalInfo"
          label="Anything else we should know?"
          hint="Store hours, catalog size, delivery zones you care about, timing."
          wide
          rows={5}
          maxLength={applicationLimits.additionalInfo}
        />
      </NumberedFieldset>

      <div className="form-actions">
        <SubmitButton submitting={form.submitting}>Submit application</SubmitButton>
        <p className="form-actions__note">
          We use these details only to assess your application. See our <a href="/privacy">privacy policy</a>.
        </p>
      </div>
    </PostForm>
  )
}
