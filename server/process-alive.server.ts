// Whether the process a state file names still runs: the embedded Postgres (pg.json) and S3
// (s3.json) are shared through such files, and an owner that died leaves its file behind.

/** Signal 0 only checks; EPERM means the process exists but belongs to another user, so it runs. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
