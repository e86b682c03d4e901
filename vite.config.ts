import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { crawlerFiles } from './lib/seo/crawlerFilesPlugin.ts'

// Brand strings, the site address and the video base are baked into pre-rendered pages at build
// time; `npm start` rebuilds when any of them changes (scripts/build/stamp.ts).
export default defineConfig({
  plugins: [react(), vike(), crawlerFiles()],
  envPrefix: ['BRAND_', 'SITE_URL', 'VIDEO_BASE_URL', 'MEDIA_PUBLIC_URL'],
  build: { target: 'es2022', assetsInlineLimit: 0 },
  server: { hmr: true },
})
