// The contact form (docs/original-behaviour.md §3: name, email, company, message; section 5: company optional):
// one schema for the form and POST /api/contact.
import { z } from 'zod/mini'
import { email, optionalLine, requiredLine, requiredText } from './fields.ts'

export const CONTACT_API = '/api/contact'

export const contactLimits = {
  name: 120,
  company: 160,
  // With 3 bytes per UTF-16 unit at worst, the whole body stays under the API's 16 KB limit.
  message: 4000,
} as const

export const contactSchema = z.object({
  name: requiredLine('Enter your name.', contactLimits.name, 'your name'),
  email: email(),
  company: optionalLine(contactLimits.company, 'your company'),
  message: requiredText('Enter a message.', contactLimits.message, 'your message'),
})

export type ContactInput = z.output<typeof contactSchema>
export type ContactField = keyof ContactInput

export const contactFields = Object.keys(contactSchema.shape) as ContactField[]

export type ContactFormValues = Record<ContactField, string>

export const emptyContact: ContactFormValues = { name: '', email: '', company: '', message: '' }
