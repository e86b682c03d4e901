/** A refusal of an upload, with a message for the admin (the CLI prints it; exit 1). */
export class DocumentRejected extends Error {}
