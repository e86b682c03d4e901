// What a document worker process learns from its pool, through its environment (a child
// process's only input before its first job).

/** Set to `1` by the server's pool: the worker lowers its priority below the server's. */
export const YIELD_TO_REQUESTS_ENV = 'RM5_DOCUMENT_WORKER_YIELDS'
