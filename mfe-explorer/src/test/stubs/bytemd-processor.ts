/** Test stand-in for bytemd's `getProcessor`: escapes the text into one paragraph. */
export function getProcessor() {
  return { processSync: (source: string) => ({ toString: () => `<p>${source.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>` }) };
}
