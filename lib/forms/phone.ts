// Phone numbers are stored in one canonical, E.164-like form ("+15125550142") so admins can
// search, dedupe and dial them whatever the visitor typed. US numbers may be written the usual
// ways ("(512) 555-0142", "512.555.0142", "1-512-555-0142"); others need "+" and the country code.

/** Characters people use to format a number; anything else (letters, "ext") is refused. */
const FORMATTED = /^\+?[\d\s().\-/]+$/

// North American Numbering Plan: area code and exchange never start with 0 or 1.
const NANP = /^[2-9]\d{2}[2-9]\d{6}$/

/** The canonical form of `raw`, or null when it is not a plausible phone number. */
export function normalisePhone(raw: string): string | null {
  const trimmed = raw.trim()
  if (!FORMATTED.test(trimmed)) return null
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) {
    if (digits.startsWith('1')) return NANP.test(digits.slice(1)) ? `+${digits}` : null
    // E.164: at most 15 digits; country codes never start with 0.
    return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0') ? `+${digits}` : null
  }
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  return NANP.test(national) ? `+1${national}` : null
}
