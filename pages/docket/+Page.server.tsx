// The home page for holders of an access grant (docs/original-behaviour.md §2), built the same way.
export { default } from '../index/+Page.server.tsx'
