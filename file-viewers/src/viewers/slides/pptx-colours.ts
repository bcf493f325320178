/**
 * PresentationML colours: the theme's colour scheme, the master's colour map, and one colour choice
 * (srgbClr, sysClr, schemeClr, prstClr) with PowerPoint's lumMod/lumOff tints applied.
 */
import type { PackageParts } from '../../lib/package-zip';
import { child, children, numberAttr, path } from './xml';

export interface ColourScheme {
  theme: Map<string, string>;
  map: Map<string, string>;
}

function hex(value: string | null | undefined): string | undefined {
  return value && /^[0-9a-f]{6}$/i.test(value) ? `#${value.toLowerCase()}` : undefined;
}

/** Applies lumMod/lumOff (PowerPoint's theme tints) to a #rrggbb colour. */
function adjust(colour: string, element: Element): string {
  const lumMod = numberAttr(child(element, 'lumMod'), 'val');
  const lumOff = numberAttr(child(element, 'lumOff'), 'val');
  if (lumMod === null && lumOff === null) return colour;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  let h = 0;
  let s = 0;
  let l = (max + min) / 2;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    h /= 6;
  }
  l = Math.max(0, Math.min(1, l * ((lumMod ?? 100000) / 100000) + (lumOff ?? 0) / 100000));
  const toRgb = (p: number, q: number, t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  let rgb: number[];
  if (s === 0) rgb = [l, l, l];
  else {
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    rgb = [toRgb(p, q, h + 1 / 3), toRgb(p, q, h), toRgb(p, q, h - 1 / 3)];
  }
  return `#${rgb
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colour of an element holding one colour choice (a:solidFill, a:fillRef, a:fontRef…). */
export function colourIn(holder: Element | null | undefined, scheme: ColourScheme): string | undefined {
  if (!holder) return undefined;
  for (const element of children(holder)) {
    let base: string | undefined;
    switch (element.localName) {
      case 'srgbClr':
        base = hex(element.getAttribute('val'));
        break;
      case 'sysClr':
        base = hex(element.getAttribute('lastClr')) ?? (element.getAttribute('val') === 'window' ? '#ffffff' : '#000000');
        break;
      case 'schemeClr': {
        const name = element.getAttribute('val') ?? '';
        base = scheme.theme.get(scheme.map.get(name) ?? name);
        break;
      }
      case 'prstClr':
        base = { black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff' }[element.getAttribute('val') ?? ''];
        break;
      default:
        continue;
    }
    return base ? adjust(base, element) : undefined;
  }
  return undefined;
}

export function themeColours(parts: PackageParts, themePath: string | null): Map<string, string> {
  const colours = new Map<string, string>();
  const doc = themePath ? parts.xml(themePath) : null;
  const scheme = path(doc?.documentElement, 'themeElements', 'clrScheme');
  for (const entry of children(scheme)) {
    const value = child(entry, 'srgbClr')?.getAttribute('val') ?? child(entry, 'sysClr')?.getAttribute('lastClr');
    const colour = hex(value);
    if (colour) colours.set(entry.localName, colour);
  }
  return colours;
}

export function colourMap(master: Element | null): Map<string, string> {
  const map = new Map<string, string>([
    ['bg1', 'lt1'],
    ['tx1', 'dk1'],
    ['bg2', 'lt2'],
    ['tx2', 'dk2'],
  ]);
  const clrMap = child(master, 'clrMap');
  if (clrMap) for (const attribute of Array.from(clrMap.attributes)) map.set(attribute.localName, attribute.value);
  return map;
}
