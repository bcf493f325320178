/**
 * Alias (webpack.config.js) for bytemd's unbundled `getProcessor`: the same function the package
 * exports, without the editor (CodeMirror) that the bundled entry carries.
 */
declare module 'cloudclip-bytemd-processor' {
  export { getProcessor } from 'bytemd';
}

/** Alias (webpack.config.js) for the rehype-raw that bytemd depends on, loaded on demand. */
declare module 'cloudclip-rehype-raw' {
  const rehypeRaw: (options?: object) => unknown;
  export default rehypeRaw;
}
