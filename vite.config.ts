import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { buildLogLevel, withoutLottieEval } from './scripts/run/build/quiet.ts'

// Nothing site-specific is built in: the domain, brand and media addresses are read when the
// server starts (lib/site-config.ts, docs/decisions/013).
export default defineConfig({
  plugins: [react(), vike()],
  // Warnings and errors only in the builds `npm start` and `npm test` make on their way.
  logLevel: buildLogLevel(),
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: { onLog: withoutLottieEval },
  },
  server: { hmr: true },
})
