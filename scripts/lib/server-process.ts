// How the production server process starts, wherever it runs: `npm start` (scripts/run/launch.mjs
// imports these), the Docker image (Dockerfile) and the benchmarks (scripts/bench/server.ts).
// Node reads both at process start; nothing changes them while it runs. tests/server/server-process.test.ts fails
// when package.json or the Dockerfile say something else (decision 021).

/**
 * V8's old generation capped at 256 MiB. Without a cap V8 sizes the heap from the machine's
 * memory and, on a large host, lets the old generation grow to several times what is live before
 * a full collection: a burst of form posts left garbage-filled old space that pushed RSS past what
 * a small container allows. At this size V8 collects at its smallest growth factor, and the live
 * heap (render cache, media index, connections) stays far below the cap.
 *
 * And the young generation capped at 2 MiB per semi-space (V8 grows it to 16 MiB): requests
 * allocate little that lives, and a young generation grown at start-up or under load stays
 * resident. Smaller, it costs a few more scavenges and keeps idle and peak RSS lower
 * (docs/benchmarks.md, Memory; decision 064). Forked children (the embedded services, document
 * workers, the preparation) inherit both.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=2'] as const

/**
 * glibc's mmap threshold fixed at 128 KiB: argon2id allocates 19 MiB per verification on libuv's
 * threads, and with glibc's adaptive threshold those blocks stay in per-thread arenas for good
 * (decision 008). A fixed threshold hands them back on free.
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const
