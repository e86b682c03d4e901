/** Agreements are a few pages of text; a larger file is a mistake (a PDF, a whole contract pack). */
export const MAX_AGREEMENT_BYTES = 100 * 1024
