/**
 * The parts of a .pptx package as the slide reader walks them: relationships (`_rels/*.rels`), the
 * three layers a slide is drawn from (slide, layout, master), their placeholders, and shape geometry.
 */
import { resolvePartPath, type PackageParts } from '../../lib/package-zip';
import { child, children, numberAttr, path } from './xml';

export const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface Relationship {
  target: string;
  type: string;
}
export type Relationships = Map<string, Relationship>;

/** The relationships of a part (its `_rels/<name>.rels`), internal targets resolved to part paths. */
export function relationshipsOf(parts: PackageParts, partPath: string): Relationships {
  const slash = partPath.lastIndexOf('/');
  const relsPath = `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
  const map: Relationships = new Map();
  const doc = parts.xml(relsPath);
  if (!doc) return map;
  for (const rel of children(doc.documentElement, 'Relationship')) {
    const id = rel.getAttribute('Id');
    const target = rel.getAttribute('Target');
    // External targets (links, linked pictures) are never loaded.
    if (!id || !target || rel.getAttribute('TargetMode') === 'External' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    map.set(id, { target: resolvePartPath(partPath, target), type: rel.getAttribute('Type') ?? '' });
  }
  return map;
}

export function relatedOfType(rels: Relationships, suffix: string): string | null {
  for (const rel of rels.values()) if (rel.type.endsWith(suffix)) return rel.target;
  return null;
}

// ---- layers (slide, layout, master) ----------------------------------------------------------

export interface Layer {
  partPath: string;
  root: Element;
  rels: Relationships;
  tree: Element | null;
}

export function layerOf(parts: PackageParts, partPath: string | null): Layer | null {
  if (!partPath) return null;
  const doc = parts.xml(partPath);
  if (!doc) return null;
  return { partPath, root: doc.documentElement, rels: relationshipsOf(parts, partPath), tree: path(doc.documentElement, 'cSld', 'spTree') };
}

export interface PlaceholderKey {
  type: string;
  idx: string | null;
}

export function placeholderOf(shape: Element): PlaceholderKey | null {
  const nv = children(shape).find((element) => element.localName.startsWith('nv'));
  const ph = path(nv, 'nvPr', 'ph');
  if (!ph) return null;
  return { type: ph.getAttribute('type') ?? 'obj', idx: ph.getAttribute('idx') };
}

export const TITLE_TYPES = new Set(['title', 'ctrTitle']);

export function findPlaceholder(layer: Layer | null, key: PlaceholderKey): Element | null {
  if (!layer?.tree) return null;
  const shapes = children(layer.tree).filter((shape) => placeholderOf(shape));
  const general = (type: string) => (TITLE_TYPES.has(type) ? 'title' : type === 'subTitle' || type === 'obj' ? 'body' : type);
  if (key.idx !== null) {
    const byIndex = shapes.find((shape) => placeholderOf(shape)?.idx === key.idx);
    if (byIndex) return byIndex;
  }
  return (
    shapes.find((shape) => placeholderOf(shape)?.type === key.type) ??
    shapes.find((shape) => general(placeholderOf(shape)!.type) === general(key.type)) ??
    null
  );
}

// ---- geometry ---------------------------------------------------------------------------------

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  rot: number;
}

/** Maps a group's child coordinates to the slide's. */
export type Transform = (rect: Rect) => Rect;
export const identity: Transform = (rect) => rect;

export function rectOf(xfrm: Element | null): Rect | null {
  if (!xfrm) return null;
  const off = child(xfrm, 'off');
  const ext = child(xfrm, 'ext');
  if (!off || !ext) return null;
  return {
    x: numberAttr(off, 'x') ?? 0,
    y: numberAttr(off, 'y') ?? 0,
    w: numberAttr(ext, 'cx') ?? 0,
    h: numberAttr(ext, 'cy') ?? 0,
    rot: (numberAttr(xfrm, 'rot') ?? 0) / 60000,
  };
}
