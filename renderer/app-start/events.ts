// The two moments the starter and the React app tell each other about (decision 011), as window
// events: the starter is a separate bundle and shares no module state with the app.

/** Dispatched right before React attaches to the server HTML (renderer/+onBeforeRenderClient.ts). */
export const HYDRATING_EVENT = 'rm5:hydrating'
/** Dispatched once the first render has hydrated (renderer/+onAfterRenderClient.ts). */
export const HYDRATED_EVENT = 'rm5:hydrated'
