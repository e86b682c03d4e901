// `rm5` as the Docker image runs it: there bin/rm5.js finds no tsx and runs the bundle
// `npm run build` wrote, which is what this entry runs in a checkout that has tsx.
const { main } = await import('../../dist/node/rm5.mjs')
await main(process.argv.slice(2))
