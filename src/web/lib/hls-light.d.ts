/** hls.js's light build (no subtitles, alternate audio or DRM) has the full build's types; its package names none for it. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
