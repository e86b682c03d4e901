import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'

// Nothing site-specific is built in: the domain, brand and media addresses are read when the
// server starts (lib/site-config.ts, docs/decisions/013).
export default defineConfig({
  plugins: [react(), vike()],
  build: { target: 'es2022', assetsInlineLimit: 0 },
  server: { hmr: true },
})
