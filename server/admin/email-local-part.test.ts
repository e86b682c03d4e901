import { describe, expect, it } from 'vitest'
import { EMAIL_LOCAL_MESSAGE, email } from '../../lib/forms/fields.ts'
import { emailBody } from '../access/email-link-routes.server.ts'
import { adminEmail } from './admins.server.ts'

// RFC 5321: at most 64 characters before the @. Longer, the address fits the 254 a field allows
// yet no mail server takes it; every schema that takes an address refuses it.
const local = (n: number) => `${'a'.repeat(n)}@example.com`

describe('an e-mail address', () => {
  it('is taken with 64 characters before the @, and refused with 65, saying why', () => {
    const schemas: {
      safeParse(value: string): { success: boolean; error?: { issues: { message: string }[] } }
    }[] = [email(), adminEmail, emailBody.shape.email]
    for (const schema of schemas) {
      expect(schema.safeParse(local(64)).success).toBe(true)
      const refused = schema.safeParse(local(65))
      expect(refused.success).toBe(false)
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual([EMAIL_LOCAL_MESSAGE])
    }
  })
})
