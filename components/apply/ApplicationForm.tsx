// The retailer application (docs/original-behaviour.md §3, 4, 5): validated by the same schema as
// POST /api/applications, submitted with an idempotency key, confirmed with a toast.
import {
  APPLICATIONS_API,
  type ApplicationField,
  applicationLimits,
  applicationSchema,
  businessTypes,
  deliveryMethods,
  emptyApplication,
} from '../../lib/forms/application-schema'
import { EMAIL_MAX, PHONE_INPUT_MAX } from '../../lib/forms/fields'
import { SelectField, TextAreaField, TextField } from '../forms/Field'
import { SubmitButton } from '../forms/SubmitButton'
import { useSubmissionForm } from '../forms/useSubmissionForm'

export const APPLICATION_SUCCESS = "Application submitted successfully! We'll be in touch soon."
export const APPLICATION_FAILURE = 'Failed to submit application. Please try again.'

export function ApplicationForm() {
  const form = useSubmissionForm<ApplicationField>({
    id: 'apply',
    schema: applicationSchema,
    empty: emptyApplication,
    url: APPLICATIONS_API,
    name: 'Application submission',
    messages: { success: APPLICATION_SUCCESS, failure: APPLICATION_FAILURE },
  })
  return (
    <form
      ref={form.formRef}
      className="application-form"
      aria-labelledby="application-form-title"
      aria-busy={form.submitting}
      onSubmit={form.onSubmit}
    >
      <div className="application-form__head">
        <h3 id="application-form-title">Retailer application</h3>
        <p>Fields marked optional can be skipped. Everything else we need to get started.</p>
      </div>

      <fieldset className="form-fieldset" disabled={form.submitting}>
        <legend className="form-fieldset__legend">
          <span className="form-fieldset__step">1</span>Your business
        </legend>
        <div className="form-grid">
          <TextField
            form={form}
            name="companyName"
            label="Company name"
            required
            wide
            autoComplete="organization"
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
          <TextField
            form={form}
            name="numberOfLocations"
            label="Locations in Austin"
            required
            type="number"
            inputMode="numeric"
            min={0}
            max={applicationLimits.numberOfLocations}
            step={1}
            placeholder="0"
          />
        </div>
      </fieldset>

      <fieldset className="form-fieldset" disabled={form.submitting}>
        <legend className="form-fieldset__legend">
          <span className="form-fieldset__step">2</span>Contact person
        </legend>
        <div className="form-grid">
          <TextField
            form={form}
            name="contactName"
            label="Full name"
            required
            wide
            autoComplete="name"
            maxLength={applicationLimits.contactName}
          />
          <TextField
            form={form}
            name="email"
            label="Work e-mail"
            required
            type="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={EMAIL_MAX}
            placeholder="name@company.com"
          />
          <TextField
            form={form}
            name="phone"
            label="Phone"
            required
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX}
            placeholder="(512) 555-0142"
          />
        </div>
      </fieldset>

      <fieldset className="form-fieldset" disabled={form.submitting}>
        <legend className="form-fieldset__legend">
          <span className="form-fieldset__step">3</span>Orders and delivery
        </legend>
        <div className="form-grid">
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
            placeholder="0.00"
          />
          <TextField
            form={form}
            name="monthlyOrderVolume"
            label="Orders per month"
            type="number"
            inputMode="numeric"
            min={0}
            max={applicationLimits.monthlyOrderVolume}
            step={1}
            placeholder="0"
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
        </div>
      </fieldset>

      <div className="form-actions">
        <SubmitButton submitting={form.submitting} hydrated={form.hydrated}>
          Submit application
        </SubmitButton>
        <p className="form-actions__note">
          We use these details only to assess your application. See our <a href="/privacy">privacy policy</a>.
        </p>
      </div>
    </form>
  )
}
