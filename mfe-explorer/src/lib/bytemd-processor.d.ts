/** Alias (webpack.config.js) for bytemd's unbundled `getProcessor`, without the editor the bundled entry carries. */
declare module 'cloudclip-bytemd-processor' {
  export { getProcessor } from 'bytemd';
}
