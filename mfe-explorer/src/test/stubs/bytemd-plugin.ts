/** Test stand-in for a bytemd plugin factory. */
export default function plugin() {
  return {};
}
