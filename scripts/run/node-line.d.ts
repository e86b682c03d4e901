// Types of node-line.js (plain JavaScript, so that any Node can run it).
export function oldestSupportedLine(engines?: { node?: string }): number
export function unsupportedNode(version: string, oldest?: number): string | undefined
export function requireSupportedNode(): void
