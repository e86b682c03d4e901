/**
 * A document whose job went over a limit of the worker pool (or failed): the viewer gets the
 * "cannot be shown right now" page, the log names the document and the limit.
 */
export class DocumentUnavailable extends Error {
  override name = 'DocumentUnavailable'
}

/**
 * Told by name, not class: the pages' bundle (dist/server) holds its own copy of this module, so
 * an error made by the app's copy fails `instanceof` there.
 */
export const isDocumentUnavailable = (error: unknown) =>
  error instanceof Error && error.name === 'DocumentUnavailable'
