import { defineConfig } from 'vitest/config'

// `npm run test:container`: builds the Docker image and runs it (tests/container). Separate from
// `npm test`: it needs a Docker daemon and a node:26-bookworm-slim base image.
export default defineConfig({
  test: {
    include: ['tests/container/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 1_200_000,
    reporters: ['default'],
  },
})
