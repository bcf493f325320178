/** Test stand-in for rehype-raw: marks the tree it parsed, so tests see that it ran. */
export default function rehypeRaw() {
  return (tree: { type: string; children?: unknown[]; parsedRaw?: boolean }) => ({ ...tree, parsedRaw: true });
}
