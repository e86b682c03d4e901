#!/usr/bin/env node
// `rm5 <command> [options]`: the admin commands in one entry (scripts/lib/rm5-program.ts).
// Each command is a TypeScript module under scripts/, run through tsx (a production dependency),
// so this works the same in a checkout (`npx rm5 …`) and in the Docker image (`rm5 …` on PATH).
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

register()
const { main } = await import(fileURLToPath(new URL('../scripts/lib/rm5-program.ts', import.meta.url)))
await main(process.argv.slice(2))
