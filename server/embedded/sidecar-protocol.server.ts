// Messages between the server and its embedded-services process (over Node's IPC channel).
export type SidecarMessage =
  | { type: 'ready'; owns: { postgres: boolean; s3: boolean } }
  | { type: 'failed'; message: string }
  | { type: 'stop' }
