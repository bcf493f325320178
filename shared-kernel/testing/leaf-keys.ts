/** The dotted paths of every leaf text of a resources tree, in the tree's order (`{ a: { b: 'x' } }` → `['a.b']`). */
export function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}
