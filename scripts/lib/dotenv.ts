// The one .env loader of every entry point (`npm start`, `npm run dev`, `rm5` from sources or from
// the bundle): the `.env` of the working directory, which npm scripts and the Docker image run in
// the project root, read by Node's own parser as `node --env-file-if-exists=.env` reads it, so a
// variable already in the environment wins. An entry calls it before it imports anything that
// reads the environment: lib/site-config.ts keeps the first site config it reads (decision 054).

/** Loads `.env` from the working directory when there is one. */
export function loadDotenv(): void {
  try {
    process.loadEnvFile('.env')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
