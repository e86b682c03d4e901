// hls.js ships no types for its light build; it is the same API without subtitles, alternate
// audio and DRM, so the full build's declarations describe it.
declare module 'hls.js/light' {
  export * from 'hls.js'
  export { default } from 'hls.js'
}
