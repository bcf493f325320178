import { ViewerError } from '../../errors';
import { imageTypeOf, resolvePartPath, type PackageParts } from '../../lib/package-zip';
import {
  bulletGlyph,
  DRAWABLE_IMAGES,
  MAX_ITEMS_PER_SLIDE,
  lazySlides,
  MAX_SLIDES,
  paragraphText,
  TextBudget,
  type Box,
  type Deck,
  type Paragraph,
  type Run,
  type Slide,
  type SlideItem,
  type TableItem,
  type TextItem,
} from './model';
import { attr, child, children, numberAttr, path, percent } from './xml';

/**
 * A PowerPoint (.pptx, PresentationML) deck read into the viewer's model: slide order from
 * presentation.xml, each slide's shapes with their place (inherited from the layout and master for
 * placeholders), text, pictures, simple fills and tables. Charts, SmartArt, effects and animations
 * are not drawn.
 */

const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const EMU_PER_PT = 12700;

interface Relationship {
  target: string;
  type: string;
}
type Relationships = Map<string, Relationship>;

/** The relationships of a part (its `_rels/<name>.rels`), internal targets resolved to part paths. */
function relationshipsOf(parts: PackageParts, partPath: string): Relationships {
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

function relatedOfType(rels: Relationships, suffix: string): string | null {
  for (const rel of rels.values()) if (rel.type.endsWith(suffix)) return rel.target;
  return null;
}

// ---- colours -------------------------------------------------------------------------------

interface ColourScheme {
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
function colourIn(holder: Element | null | undefined, scheme: ColourScheme): string | undefined {
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

function themeColours(parts: PackageParts, themePath: string | null): Map<string, string> {
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

function colourMap(master: Element | null): Map<string, string> {
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

// ---- layers (slide, layout, master) -----------------------------------------------------------

interface Layer {
  partPath: string;
  root: Element;
  rels: Relationships;
  tree: Element | null;
}

function layerOf(parts: PackageParts, partPath: string | null): Layer | null {
  if (!partPath) return null;
  const doc = parts.xml(partPath);
  if (!doc) return null;
  return { partPath, root: doc.documentElement, rels: relationshipsOf(parts, partPath), tree: path(doc.documentElement, 'cSld', 'spTree') };
}

interface PlaceholderKey {
  type: string;
  idx: string | null;
}

function placeholderOf(shape: Element): PlaceholderKey | null {
  const nv = children(shape).find((element) => element.localName.startsWith('nv'));
  const ph = path(nv, 'nvPr', 'ph');
  if (!ph) return null;
  return { type: ph.getAttribute('type') ?? 'obj', idx: ph.getAttribute('idx') };
}

const TITLE_TYPES = new Set(['title', 'ctrTitle']);

function findPlaceholder(layer: Layer | null, key: PlaceholderKey): Element | null {
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

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  rot: number;
}

/** Maps a group's child coordinates to the slide's. */
type Transform = (rect: Rect) => Rect;
const identity: Transform = (rect) => rect;

function rectOf(xfrm: Element | null): Rect | null {
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

// ---- the reader -------------------------------------------------------------------------------

interface Context {
  parts: PackageParts;
  scheme: ColourScheme;
  width: number;
  height: number;
  layout: Layer | null;
  master: Layer | null;
  defaultTextStyle: Element | null;
  budget: TextBudget;
  items: SlideItem[];
}

class PptxReader {
  constructor(private readonly ctx: Context) {}

  box(rect: Rect): Box {
    const { width, height } = this.ctx;
    const box: Box = { x: percent(rect.x, width), y: percent(rect.y, height), w: percent(rect.w, width), h: percent(rect.h, height) };
    if (rect.rot) box.rotation = rect.rot;
    return box;
  }

  /** The shape's own xfrm, else its placeholder's on the layout, else on the master. */
  placement(shape: Element, xfrm: Element | null, key: PlaceholderKey | null, transform: Transform): Rect | null {
    let rect = rectOf(xfrm);
    if (!rect && key) {
      const fromLayout = findPlaceholder(this.ctx.layout, key);
      rect = rectOf(path(fromLayout, 'spPr', 'xfrm'));
      if (!rect) rect = rectOf(path(findPlaceholder(this.ctx.master, key), 'spPr', 'xfrm'));
    }
    return rect ? transform(rect) : null;
  }

  walk(tree: Element | null, layer: Layer, transform: Transform, skipPlaceholders: boolean): void {
    for (const element of children(tree)) {
      if (this.ctx.items.length >= MAX_ITEMS_PER_SLIDE) return;
      switch (element.localName) {
        case 'sp':
          if (skipPlaceholders && placeholderOf(element)) break;
          this.shape(element, layer, transform);
          break;
        case 'pic':
          if (skipPlaceholders && placeholderOf(element)) break;
          this.picture(element, layer, transform);
          break;
        case 'graphicFrame':
          this.frame(element, transform);
          break;
        case 'grpSp':
          this.group(element, layer, transform, skipPlaceholders);
          break;
        case 'AlternateContent': {
          const fallback = child(element, 'Fallback');
          if (fallback) this.walk(fallback, layer, transform, skipPlaceholders);
          break;
        }
        default:
          break;
      }
    }
  }

  group(group: Element, layer: Layer, transform: Transform, skipPlaceholders: boolean): void {
    const xfrm = path(group, 'grpSpPr', 'xfrm');
    const outer = rectOf(xfrm);
    const chOff = child(xfrm, 'chOff');
    const chExt = child(xfrm, 'chExt');
    let inner = transform;
    if (outer && chOff && chExt) {
      const cx = numberAttr(chOff, 'x') ?? 0;
      const cy = numberAttr(chOff, 'y') ?? 0;
      const cw = numberAttr(chExt, 'cx') || 1;
      const ch = numberAttr(chExt, 'cy') || 1;
      const sx = outer.w / cw;
      const sy = outer.h / ch;
      inner = (rect) =>
        transform({ x: outer.x + (rect.x - cx) * sx, y: outer.y + (rect.y - cy) * sy, w: rect.w * sx, h: rect.h * sy, rot: rect.rot });
    }
    this.walk(group, layer, inner, skipPlaceholders);
  }

  shape(shape: Element, layer: Layer, transform: Transform): void {
    const key = placeholderOf(shape);
    const spPr = child(shape, 'spPr');
    const rect = this.placement(shape, child(spPr, 'xfrm'), key, transform);
    if (!rect) return;
    const blip = path(spPr, 'blipFill', 'blip');
    if (blip) this.image(blip, layer, rect, '');
    const style = child(shape, 'style');
    const { scheme } = this.ctx;
    const item: TextItem = { type: 'text', box: this.box(rect), paragraphs: [] };
    if (!child(spPr, 'noFill')) {
      const fill = colourIn(child(spPr, 'solidFill'), scheme) ?? (child(spPr, 'solidFill') ? undefined : this.styleRef(style, 'fillRef'));
      if (fill && !blip) item.fill = fill;
    }
    const ln = child(spPr, 'ln');
    if (!child(ln, 'noFill')) {
      const line = colourIn(child(ln, 'solidFill'), scheme) ?? this.styleRef(style, 'lnRef');
      if (line) item.border = line;
    }
    const geometry = child(spPr, 'prstGeom')?.getAttribute('prst');
    if (geometry === 'ellipse') item.shape = 'ellipse';
    else if (geometry === 'roundRect') item.shape = 'round';
    const txBody = child(shape, 'txBody');
    if (txBody) this.text(item, txBody, key, colourIn(path(style, 'fontRef'), scheme));
    if (item.paragraphs.length > 0 || item.fill || item.border) this.ctx.items.push(item);
  }

  styleRef(style: Element | null, name: string): string | undefined {
    const ref = child(style, name);
    if (!ref || (numberAttr(ref, 'idx') ?? 0) === 0) return undefined;
    return colourIn(ref, this.ctx.scheme);
  }

  /** Where a level's paragraph and run defaults come from, nearest first. */
  levelSources(txBody: Element, key: PlaceholderKey | null): Element[] {
    const sources: (Element | null)[] = [child(txBody, 'lstStyle')];
    if (key) {
      sources.push(path(findPlaceholder(this.ctx.layout, key), 'txBody', 'lstStyle'));
      sources.push(path(findPlaceholder(this.ctx.master, key), 'txBody', 'lstStyle'));
      const txStyles = child(this.ctx.master?.root, 'txStyles');
      const kind = TITLE_TYPES.has(key.type) ? 'titleStyle' : ['body', 'obj', 'subTitle'].includes(key.type) ? 'bodyStyle' : 'otherStyle';
      sources.push(child(txStyles, kind));
    } else {
      sources.push(this.ctx.defaultTextStyle);
    }
    return sources.filter((source): source is Element => source !== null);
  }

  bodyAnchor(txBody: Element, key: PlaceholderKey | null): TextItem['anchor'] {
    const candidates = [child(txBody, 'bodyPr')];
    if (key) {
      candidates.push(path(findPlaceholder(this.ctx.layout, key), 'txBody', 'bodyPr'));
      candidates.push(path(findPlaceholder(this.ctx.master, key), 'txBody', 'bodyPr'));
    }
    for (const bodyPr of candidates) {
      const anchor = bodyPr?.getAttribute('anchor');
      if (anchor) return anchor === 'ctr' ? 'middle' : anchor === 'b' ? 'bottom' : 'top';
    }
    return undefined;
  }

  text(item: TextItem, txBody: Element, key: PlaceholderKey | null, styleColour: string | undefined): void {
    const sources = this.levelSources(txBody, key);
    const levelOf = (level: number) =>
      sources.map((source) => child(source, `lvl${level + 1}pPr`)).filter((element): element is Element => element !== null);
    const pick = <T>(level: number, own: Element | null, read: (pPr: Element) => T | undefined): T | undefined => {
      if (own) {
        const value = read(own);
        if (value !== undefined) return value;
      }
      for (const pPr of levelOf(level)) {
        const value = read(pPr);
        if (value !== undefined) return value;
      }
      return undefined;
    };
    const scale = (numberAttr(path(txBody, 'bodyPr', 'normAutofit'), 'fontScale') ?? 100000) / 100000;
    const anchor = this.bodyAnchor(txBody, key);
    if (anchor) item.anchor = anchor;
    if (path(txBody, 'bodyPr')?.getAttribute('wrap') === 'none') item.nowrap = true;
    const counters: number[] = [];
    const { scheme, budget } = this.ctx;
    for (const p of children(txBody, 'p')) {
      const pPr = child(p, 'pPr');
      const level = Math.max(0, Math.min(8, numberAttr(pPr, 'lvl') ?? 0));
      const paragraph: Paragraph = { runs: [], level };
      const algn = pick(level, pPr, (element) => element.getAttribute('algn') || undefined);
      if (algn)
        paragraph.align = algn === 'ctr' ? 'center' : algn === 'r' ? 'right' : algn === 'just' || algn === 'dist' ? 'justify' : 'left';
      const runProps = (rPr: Element | null): Omit<Run, 'text'> => {
        const props: Omit<Run, 'text'> = {};
        const read = (name: string) =>
          pick(level, rPr, (element) => (element === rPr ? element : child(element, 'defRPr'))?.getAttribute(name) || undefined);
        const size = Number(read('sz'));
        if (Number.isFinite(size) && size > 0) props.size = Math.min(4000, (size / 100) * scale);
        if (read('b') === '1' || read('b') === 'true') props.bold = true;
        if (read('i') === '1' || read('i') === 'true') props.italic = true;
        const underline = read('u');
        if (underline && underline !== 'none') props.underline = true;
        const colour =
          pick(level, rPr, (element) => colourIn(child(element === rPr ? element : child(element, 'defRPr'), 'solidFill'), scheme)) ??
          styleColour;
        if (colour) props.color = colour;
        return props;
      };
      for (const element of children(p)) {
        if (element.localName === 'r' || element.localName === 'fld') {
          const text = budget.take(child(element, 't')?.textContent ?? '');
          if (text) paragraph.runs.push({ text, ...runProps(child(element, 'rPr')) });
        } else if (element.localName === 'br') {
          paragraph.runs.push({ text: '', lineBreak: true });
        }
      }
      const hasText = paragraph.runs.some((run) => run.text.trim() !== '');
      counters.length = level + 1;
      if (hasText) {
        const bullet = pick(level, pPr, (element): string | null | undefined => {
          if (child(element, 'buNone')) return null;
          const char = child(element, 'buChar')?.getAttribute('char');
          if (char)
            return bulletGlyph(
              char,
              pick(level, pPr, (props) => child(props, 'buFont')?.getAttribute('typeface') || undefined),
            );
          const auto = child(element, 'buAutoNum');
          if (auto) {
            counters[level] = (counters[level] ?? (numberAttr(auto, 'startAt') ?? 1) - 1) + 1;
            const n = counters[level]!;
            const type = auto.getAttribute('type') ?? 'arabicPeriod';
            const label = type.startsWith('alphaLc')
              ? String.fromCharCode(96 + ((n - 1) % 26) + 1)
              : type.startsWith('alphaUc')
                ? String.fromCharCode(64 + ((n - 1) % 26) + 1)
                : String(n);
            return type.endsWith('ParenR')
              ? `${label})`
              : type.endsWith('ParenBoth')
                ? `(${label})`
                : type.endsWith('Plain')
                  ? label
                  : `${label}.`;
          }
          return undefined;
        });
        if (bullet) paragraph.bullet = bullet;
      } else {
        // An empty paragraph keeps its line's height (its end-of-paragraph size).
        const end = child(p, 'endParaRPr');
        const size = numberAttr(end, 'sz');
        paragraph.runs = [{ text: '', ...(size ? { size: (size / 100) * scale } : runProps(null)) }];
      }
      item.paragraphs.push(paragraph);
    }
    // Drop trailing empty paragraphs of an otherwise empty body (an unused placeholder draws nothing).
    if (item.paragraphs.every((paragraph) => paragraph.runs.every((run) => !run.text))) item.paragraphs = [];
  }

  picture(pic: Element, layer: Layer, transform: Transform): void {
    const key = placeholderOf(pic);
    const rect = this.placement(pic, path(pic, 'spPr', 'xfrm'), key, transform);
    const blip = path(pic, 'blipFill', 'blip');
    if (!rect || !blip) return;
    const description = path(pic, 'nvPicPr', 'cNvPr')?.getAttribute('descr') ?? '';
    this.image(blip, layer, rect, description);
  }

  image(blip: Element, layer: Layer, rect: Rect, alt: string): void {
    const id = attr(blip, R_NS, 'embed');
    const target = id ? layer.rels.get(id)?.target : undefined;
    if (!target || !this.ctx.parts.has(target) || !DRAWABLE_IMAGES.has(imageTypeOf(target))) return;
    this.ctx.items.push({ type: 'image', box: this.box(rect), part: target, alt: alt.slice(0, 500) });
  }

  frame(frame: Element, transform: Transform): void {
    const rect = rectOf(child(frame, 'xfrm'));
    const table = path(frame, 'graphic', 'graphicData', 'tbl');
    if (!rect || !table) return;
    const item: TableItem = { type: 'table', box: this.box(transform(rect)), rows: [] };
    for (const tr of children(table, 'tr').slice(0, 1000)) {
      const row: TableItem['rows'][number] = { cells: [] };
      for (const tc of children(tr, 'tc').slice(0, 100)) {
        if (tc.getAttribute('hMerge') === '1' || tc.getAttribute('vMerge') === '1') continue;
        const holder: TextItem = { type: 'text', box: item.box, paragraphs: [] };
        const txBody = child(tc, 'txBody');
        if (txBody) this.text(holder, txBody, null, undefined);
        const cell: TableItem['rows'][number]['cells'][number] = { paragraphs: holder.paragraphs };
        const span = numberAttr(tc, 'gridSpan');
        if (span && span > 1) cell.colSpan = Math.min(100, span);
        const rowSpan = numberAttr(tc, 'rowSpan');
        if (rowSpan && rowSpan > 1) cell.rowSpan = Math.min(1000, rowSpan);
        const fill = colourIn(path(tc, 'tcPr', 'solidFill'), this.ctx.scheme);
        if (fill) cell.fill = fill;
        row.cells.push(cell);
      }
      item.rows.push(row);
    }
    this.ctx.items.push(item);
  }
}

/** The background of a layer (p:bg): a colour or a picture; undefined when the layer has none. */
function backgroundOf(layer: Layer | null, scheme: ColourScheme): { colour?: string; part?: string } | undefined {
  const bg = path(layer?.root, 'cSld', 'bg');
  if (!layer || !bg) return undefined;
  const bgPr = child(bg, 'bgPr');
  if (bgPr) {
    const id = attr(path(bgPr, 'blipFill', 'blip'), R_NS, 'embed');
    const target = id ? layer.rels.get(id)?.target : undefined;
    if (target && DRAWABLE_IMAGES.has(imageTypeOf(target))) return { part: target };
    const gradientStop = path(bgPr, 'gradFill', 'gsLst', 'gs');
    return { colour: colourIn(child(bgPr, 'solidFill'), scheme) ?? colourIn(gradientStop, scheme) };
  }
  const bgRef = child(bg, 'bgRef');
  return bgRef ? { colour: colourIn(bgRef, scheme) } : undefined;
}

/** Reads a .pptx package; ViewerError damaged when it is not a presentation. */
export function readPptx(parts: PackageParts): Deck {
  const presentationPath = relatedOfType(relationshipsOf(parts, ''), '/officeDocument') ?? 'ppt/presentation.xml';
  const presentation = parts.xml(presentationPath)?.documentElement;
  if (!presentation || presentation.localName !== 'presentation') throw new ViewerError('damaged', 'no presentation part');
  const rels = relationshipsOf(parts, presentationPath);
  const size = child(presentation, 'sldSz');
  const width = numberAttr(size, 'cx') || 12192000;
  const height = numberAttr(size, 'cy') || 6858000;
  const allSlides = children(child(presentation, 'sldIdLst'), 'sldId')
    .map((entry) => rels.get(attr(entry, R_NS, 'id') ?? '')?.target)
    .filter((target): target is string => Boolean(target));
  const slidePaths = allSlides.slice(0, MAX_SLIDES);
  const defaultTextStyle = child(presentation, 'defaultTextStyle');
  // Layouts, masters and their colours are shared by many slides: read once each.
  const layers = new Map<string, Layer | null>();
  const sharedLayer = (partPath: string | null) => {
    if (!partPath) return null;
    if (!layers.has(partPath)) layers.set(partPath, layerOf(parts, partPath));
    return layers.get(partPath) ?? null;
  };
  const schemes = new Map<Layer | null, ColourScheme>();
  const schemeOf = (master: Layer | null) => {
    let scheme = schemes.get(master);
    if (!scheme) {
      scheme = { theme: themeColours(parts, master ? relatedOfType(master.rels, '/theme') : null), map: colourMap(master?.root ?? null) };
      schemes.set(master, scheme);
    }
    return scheme;
  };
  const readSlide = (index: number): Slide => {
    const slide = layerOf(parts, slidePaths[index]!);
    if (!slide) throw new ViewerError('damaged', `slide ${index + 1} is missing`);
    const layout = sharedLayer(relatedOfType(slide.rels, '/slideLayout'));
    const master = sharedLayer(layout ? relatedOfType(layout.rels, '/slideMaster') : null);
    const scheme = schemeOf(master);
    const ctx: Context = { parts, scheme, width, height, layout, master, defaultTextStyle, budget: new TextBudget(), items: [] };
    const reader = new PptxReader(ctx);
    if (slide.root.getAttribute('showMasterSp') !== '0') {
      if (master && layout?.root.getAttribute('showMasterSp') !== '0') reader.walk(master.tree, master, identity, true);
      if (layout) reader.walk(layout.tree, layout, identity, true);
    }
    reader.walk(slide.tree, slide, identity, false);
    const background = backgroundOf(slide, scheme) ?? backgroundOf(layout, scheme) ?? backgroundOf(master, scheme);
    return {
      items: ctx.items,
      title: firstTitle(ctx.items, slide.tree),
      ...(background?.colour ? { background: background.colour } : {}),
      ...(background?.part ? { backgroundPart: background.part } : {}),
    };
  };
  // The first slide is read now: a deck whose slides cannot be read is reported damaged, not shown blank.
  if (slidePaths.length > 0) readSlide(0);
  return {
    width: width / EMU_PER_PT,
    height: height / EMU_PER_PT,
    count: slidePaths.length,
    slide: lazySlides(slidePaths.length, readSlide),
    omitted: allSlides.length - slidePaths.length,
    image: (part) => parts.blob(part, imageTypeOf(part)),
  };
}

function firstTitle(items: SlideItem[], tree: Element | null): string {
  const titleShape = children(tree, 'sp').find((shape) => TITLE_TYPES.has(placeholderOf(shape)?.type ?? ''));
  const fromTitle = titleShape
    ? children(child(titleShape, 'txBody'), 'p')
        .map((p) =>
          children(p, 'r')
            .map((r) => child(r, 't')?.textContent ?? '')
            .join(''),
        )
        .join(' ')
        .trim()
    : '';
  if (fromTitle) return fromTitle.slice(0, 200);
  for (const item of items) {
    if (item.type !== 'text') continue;
    const text = item.paragraphs.map(paragraphText).join(' ').trim();
    if (text) return text.slice(0, 200);
  }
  return '';
}
