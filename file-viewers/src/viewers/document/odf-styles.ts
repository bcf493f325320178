/**
 * OpenDocument styles that matter for reading: bold, italic, underline, strike, position, colours,
 * alignment (text and paragraph styles, parents followed) and list kinds (list styles' levels).
 */
import { ODF_NS, odfAttr, odfChild, odfChildren } from './odf-xml';

const { style: STYLE, text: TEXT, fo: FO } = ODF_NS;

/** What a text or paragraph style says that a reader sees. */
export interface OdfTextStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  position?: 'super' | 'sub';
  /** `#rrggbb` only. */
  color?: string;
  background?: string;
  align?: 'left' | 'right' | 'center' | 'justify';
}

/** One level of a list style. */
export interface OdfListLevel {
  ordered: boolean;
  /** The HTML `type` of an ordered list ('1', 'a', 'A', 'i', 'I'). */
  format: '1' | 'a' | 'A' | 'i' | 'I';
  start: number;
}

export interface OdfStyles {
  /** The resolved look of a text or paragraph style (parents followed), {} when unknown. */
  style(name: string, family?: 'text' | 'paragraph'): OdfTextStyle;
  /** Level `level` (1-based) of a list style, null when unknown. */
  listLevel(name: string, level: number): OdfListLevel | null;
  /** The list style a paragraph style names (for paragraphs in lists without their own). */
  paragraphListStyle(name: string): string | null;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function readTextStyle(element: Element): { own: OdfTextStyle; parent: string; listStyle: string } {
  const own: OdfTextStyle = {};
  const text = odfChild(element, STYLE, 'text-properties');
  if (text) {
    const weight = odfAttr(text, FO, 'font-weight');
    if (weight) own.bold = weight === 'bold' || Number(weight) >= 600;
    const fontStyle = odfAttr(text, FO, 'font-style');
    if (fontStyle) own.italic = fontStyle === 'italic' || fontStyle === 'oblique';
    const underline = odfAttr(text, STYLE, 'text-underline-style');
    if (underline) own.underline = underline !== 'none';
    const strike = odfAttr(text, STYLE, 'text-line-through-style');
    if (strike) own.strike = strike !== 'none';
    const position = odfAttr(text, STYLE, 'text-position').trim();
    if (position) {
      const first = position.split(/\s+/)[0] ?? '';
      if (first === 'super' || (first.endsWith('%') && parseFloat(first) > 0)) own.position = 'super';
      else if (first === 'sub' || (first.endsWith('%') && parseFloat(first) < 0)) own.position = 'sub';
    }
    const color = odfAttr(text, FO, 'color');
    if (HEX_COLOR.test(color)) own.color = color;
    const background = odfAttr(text, FO, 'background-color');
    if (HEX_COLOR.test(background)) own.background = background;
  }
  const paragraph = odfChild(element, STYLE, 'paragraph-properties');
  if (paragraph) {
    const align = odfAttr(paragraph, FO, 'text-align');
    const mapped = ({ start: 'left', left: 'left', end: 'right', right: 'right', center: 'center', justify: 'justify' } as const)[
      align as 'start'
    ];
    if (mapped) own.align = mapped;
  }
  return { own, parent: odfAttr(element, STYLE, 'parent-style-name'), listStyle: odfAttr(element, STYLE, 'list-style-name') };
}

const MAX_STYLE_DEPTH = 16;

/**
 * The styles of a document: styles.xml's common and automatic styles and content.xml's automatic
 * styles (pass both; later documents win on equal names, as content.xml's automatic styles do).
 */
export function readOdfStyles(...documents: Array<Document | null>): OdfStyles {
  const raw = new Map<string, { own: OdfTextStyle; parent: string; listStyle: string }>();
  const lists = new Map<string, Map<number, OdfListLevel>>();
  for (const doc of documents) {
    if (!doc) continue;
    for (const element of Array.from(doc.getElementsByTagNameNS(STYLE, 'style'))) {
      const family = odfAttr(element, STYLE, 'family');
      if (family !== 'text' && family !== 'paragraph') continue;
      const name = odfAttr(element, STYLE, 'name');
      if (name) raw.set(`${family}:${name}`, readTextStyle(element));
    }
    for (const element of Array.from(doc.getElementsByTagNameNS(TEXT, 'list-style'))) {
      const name = odfAttr(element, STYLE, 'name');
      if (!name) continue;
      const levels = new Map<number, OdfListLevel>();
      for (const level of odfChildren(element)) {
        const index = Number(odfAttr(level, TEXT, 'level')) || 1;
        if (level.localName === 'list-level-style-number') {
          const format = odfAttr(level, STYLE, 'num-format');
          levels.set(index, {
            ordered: format !== '',
            format: (['1', 'a', 'A', 'i', 'I'] as const).find((f) => f === format) ?? '1',
            start: Math.max(0, Math.min(1e6, Number(odfAttr(level, TEXT, 'start-value')) || 1)),
          });
        } else levels.set(index, { ordered: false, format: '1', start: 1 });
      }
      lists.set(name, levels);
    }
  }
  const resolved = new Map<string, OdfTextStyle>();
  const resolve = (key: string, depth: number): OdfTextStyle => {
    const cached = resolved.get(key);
    if (cached) return cached;
    const entry = raw.get(key);
    if (!entry || depth > MAX_STYLE_DEPTH) return {};
    const family = key.slice(0, key.indexOf(':'));
    const parent = entry.parent ? resolve(`${family}:${entry.parent}`, depth + 1) : {};
    const style = { ...parent, ...entry.own };
    resolved.set(key, style);
    return style;
  };
  return {
    style: (name, family) => {
      if (!name) return {};
      if (family) return resolve(`${family}:${name}`, 0);
      return raw.has(`text:${name}`) ? resolve(`text:${name}`, 0) : resolve(`paragraph:${name}`, 0);
    },
    listLevel: (name, level) => lists.get(name)?.get(level) ?? lists.get(name)?.get(1) ?? null,
    paragraphListStyle: (name) => {
      let key = `paragraph:${name}`;
      for (let depth = 0; depth < MAX_STYLE_DEPTH; depth += 1) {
        const entry = raw.get(key);
        if (!entry) return null;
        if (entry.listStyle) return entry.listStyle;
        if (!entry.parent) return null;
        key = `paragraph:${entry.parent}`;
      }
      return null;
    },
  };
}
