// The PDF limits the web server reads without loading pdf-lib (inflated-size.server.ts checks them).

const MIB = 1024 * 1024

/** DOCUMENT_MAX_INFLATED_MB's default, in bytes. */
export const DEFAULT_MAX_INFLATED_BYTES = 256 * MIB
