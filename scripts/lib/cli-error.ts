/** A failure worth one clear line to the admin, no stack trace; exit code 2 means a usage error. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}
