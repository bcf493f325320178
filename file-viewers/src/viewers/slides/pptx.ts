import { ViewerError } from '../../errors';
import { imageTypeOf, type PackageParts } from '../../lib/package-zip';
import {
  bulletGlyph,
  DRAWABLE_IMAGES,
  drawsSomething,
  hasText,
  lazyDeck,
  MAX_ITEMS_PER_SLIDE,
  paragraphText,
  tableCell,
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
import { colourIn, colourMap, themeColours, type ColourScheme } from './pptx-colours';
import {
  findPlaceholder,
  identity,
  layerOf,
  placeholderOf,
  R_NS,
  rectOf,
  relatedOfType,
  relationshipsOf,
  TITLE_TYPES,
  type Layer,
  type PlaceholderKey,
  type Rect,
  type Transform,
} from './pptx-parts';
import { attr, child, children, numberAttr, path, percent } from './xml';

/**
 * A PowerPoint (.pptx, PresentationML) deck read into the viewer's model: slide order from
 * presentation.xml, each slide's shapes with their place (inherited from the layout and master for
 * placeholders), text, pictures, simple fills and tables. Charts, SmartArt, effects and animations
 * are not drawn. The package's parts and layers are read by pptx-parts.ts, colours by pptx-colours.ts.
 */

const EMU_PER_PT = 12700;

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
    if (drawsSomething(item)) this.ctx.items.push(item);
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
    if (!hasText(item.paragraphs)) item.paragraphs = [];
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
        const cell = tableCell(holder.paragraphs, numberAttr(tc, 'gridSpan'), numberAttr(tc, 'rowSpan'));
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
  const readSlide = (slidePath: string, index: number): Slide => {
    const slide = layerOf(parts, slidePath);
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
  return lazyDeck(parts, { width: width / EMU_PER_PT, height: height / EMU_PER_PT }, allSlides, readSlide);
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
