// Valid form bodies and client addresses for the load, fault and scale-out tests.
import { randomBytes } from 'node:crypto'

/** A valid, distinct application: `n` goes into the company name so rows can be told apart. */
export function applicationBody(n: number) {
  return {
    companyName: `Load Test Market ${n}`,
    businessType: 'Grocery Store',
    numberOfLocations: String(1 + (n % 40)),
    contactName: `Casey Tester ${n}`,
    email: `casey.${n}@example.com`,
    phone: `(512) 555-${String(1000 + (n % 9000)).padStart(4, '0')}`,
    averageOrderValue: '42.50',
    monthlyOrderVolume: 1200 + n,
    currentDeliveryMethod: 'In-house delivery',
    additionalInfo: `Submission ${n} of a load test.`,
  }
}

export function contactBody(n: number) {
  return {
    name: `Robin Sender ${n}`,
    email: `robin.${n}@example.com`,
    company: 'Example Co',
    message: `Message ${n}: please call me back.`,
  }
}

/**
 * A random client address in 10.0.0.0/8. Limits keyed by IP live in Redis across test runs, so
 * tests that share Redis must not reuse fixed addresses (the submission limit is 10 per 10 minutes).
 */
export function randomIp(): string {
  const [a = 0, b = 0, c = 1] = randomBytes(3)
  return `10.${a}.${b}.${c === 0 ? 1 : c}`
}
