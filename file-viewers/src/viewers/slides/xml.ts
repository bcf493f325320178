/** Small namespace-blind helpers over parsed XML parts (elements matched by local name). */

export function children(parent: Element | Document | null | undefined, name?: string): Element[] {
  if (!parent) return [];
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (name === undefined || (node as Element).localName === name)) out.push(node as Element);
  }
  return out;
}

export function child(parent: Element | Document | null | undefined, name: string): Element | null {
  if (!parent) return null;
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) return node as Element;
  }
  return null;
}

/** The element at the end of a path of local names (each step the first child of that name). */
export function path(parent: Element | Document | null | undefined, ...names: string[]): Element | null {
  let current: Element | Document | null | undefined = parent;
  for (const name of names) {
    current = child(current, name);
    if (!current) return null;
  }
  return current as Element | null;
}

/** Every descendant with this local name, in document order, at most `limit`. */
export function descendants(parent: Element | Document | null | undefined, name: string, limit = 100_000): Element[] {
  if (!parent) return [];
  const out: Element[] = [];
  const all = parent.getElementsByTagName('*');
  for (let i = 0; i < all.length && out.length < limit; i += 1) {
    const element = all[i]!;
    if (element.localName === name) out.push(element);
  }
  return out;
}

/** An attribute by namespace URI and local name, else by its unprefixed name. */
export function attr(element: Element | null | undefined, namespace: string | null, name: string): string | null {
  if (!element) return null;
  if (namespace) {
    const value = element.getAttributeNS(namespace, name);
    if (value !== null && value !== '') return value;
    return null;
  }
  return element.getAttribute(name);
}

export function numberAttr(element: Element | null | undefined, name: string): number | null {
  const raw = element?.getAttribute(name);
  if (raw === null || raw === undefined || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** A finite percentage clamped to a sane range (a hostile offset cannot make a giant element). */
export function percent(value: number, of: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(of) || of <= 0) return 0;
  const result = (value / of) * 100;
  return Math.max(-1000, Math.min(1000, result));
}
