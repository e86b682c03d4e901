// The one way the server names a client without storing its address: a keyed hash of its IP,
// normalized first so that one machine gets one hash whichever way its address reaches us
// (an IPv4-mapped IPv6 address `::ffff:203.0.113.1` is the IPv4 `203.0.113.1`). Access attempts,
// docket openings, document reads, form submissions, the console's audit and the request log all
// use it, so an operator can match their rows to each other.
import { createHmac } from 'node:crypto'
import { normalizeIP } from '@fastify/rate-limit'

/** HMAC-SHA256(key, text) in hex: stable while the secret stays, useless without it. */
export const keyedHash = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex')

/** The hash that stands for a client's address in every row and log line. */
export const clientHash = (key: Buffer, ip: string) => keyedHash(key, normalizeIP(ip))
