// Every island is a React root of its own, and useId numbers from zero in each root: the prefix
// (the same on the server and in the browser) keeps two islands' ids apart on one page.
export const islandIdPrefix = (name: string): string => `${name}-`
