/**
 * What makes a rendered document safe to put in the page: a DOM walk that keeps only reading
 * elements and attributes (no script, no event handlers, no frames or forms, links only to
 * http(s)/mailto, pictures only blob:/data:image URLs), and a stylesheet filter that keeps only style
 * rules, scoped under the document's own element, with no address outside blob:/data:.
 */

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

const HTML_TAGS = new Set(
  (
    'div section article header footer main aside nav p span a br wbr img table thead tbody tfoot tr td th caption colgroup col ' +
    'ol ul li dl dt dd h1 h2 h3 h4 h5 h6 b strong i em u s strike del ins sub sup small big mark q cite blockquote pre code kbd ' +
    'samp var hr figure figcaption abbr bdi bdo ruby rt rp font center'
  ).split(' '),
);
const SVG_TAGS = new Set(
  'svg g path rect circle ellipse line polyline polygon image text tspan defs lineargradient radialgradient stop clippath marker pattern'.split(
    ' ',
  ),
);
const MATHML_TAGS = new Set(
  (
    'math mrow mi mn mo ms mtext mspace msup msub msubsup mfrac msqrt mroot mover munder munderover mtable mtr mtd mlabeledtr ' +
    'mstyle mpadded mphantom menclose mfenced merror'
  ).split(' '),
);
/** Removed with everything inside them. */
const DROPPED = new Set(
  (
    'script style iframe frame frameset object embed applet link meta base form input button select option textarea template ' +
    'noscript audio video source track canvas dialog portal slot foreignobject use animate animatemotion animatetransform set ' +
    'mpath annotation annotation-xml semantics maction'
  ).split(' '),
);

const GLOBAL_ATTRIBUTES = new Set(['class', 'style', 'lang', 'dir', 'title', 'id', 'role', 'aria-level']);
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan', 'align', 'valign']),
  th: new Set(['colspan', 'rowspan', 'align', 'valign', 'scope']),
  col: new Set(['span', 'width']),
  colgroup: new Set(['span', 'width']),
  ol: new Set(['start', 'type', 'reversed']),
  li: new Set(['value']),
  table: new Set(['border', 'cellpadding', 'cellspacing']),
};
const SVG_ATTRIBUTES = new Set(
  (
    'd x y x1 y1 x2 y2 cx cy r rx ry fx fy width height points viewbox preserveaspectratio transform fill stroke stroke-width ' +
    'stroke-dasharray stroke-linecap stroke-linejoin stroke-miterlimit fill-opacity stroke-opacity opacity fill-rule clip-rule ' +
    'font-size font-family font-weight font-style text-anchor dominant-baseline dx dy offset stop-color stop-opacity ' +
    'gradientunits gradienttransform spreadmethod clip-path marker-start marker-mid marker-end href xlink:href patternunits ' +
    'markerwidth markerheight refx refy orient visibility display'
  ).split(' '),
);
const MATHML_ATTRIBUTES = new Set(
  'mathvariant mathsize displaystyle scriptlevel fence separator stretchy accent accentunder linethickness notation open close separators columnalign rowalign'.split(
    ' ',
  ),
);

/** Prefix given to the ids a document brings, so they cannot clobber the page's names. */
export const ID_PREFIX = 'cv-doc-';

const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp|svg\+xml)[;,]/i;

/** A picture address the viewer made (blob:) or an inline image (data:image/…). */
export function isSafeImageUrl(value: string): boolean {
  const trimmed = value.trim();
  return /^blob:/i.test(trimmed) || SAFE_DATA_IMAGE.test(trimmed);
}

/** Undoes CSS escapes (`\72`, `\(`) so a check sees what the browser will. */
function unescapeCss(value: string): string {
  return value
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => {
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\(.)/g, '$1');
}

/**
 * A CSS value that loads nothing from elsewhere: every url() is blob: or data:image, and none of
 * the other ways to name an address (image-set, @import, expression…) appears.
 */
export function isSafeCssValue(value: string): boolean {
  return isSafeCss(value, false);
}

/** The same check over a whole declaration block (`a: b; c: d`), as a browser serializes it. */
export function isSafeDeclarations(cssText: string): boolean {
  return isSafeCss(cssText, true) && !/(^|;)\s*position\s*:\s*(fixed|sticky)/i.test(unescapeCss(cssText));
}

function isSafeCss(value: string, block: boolean): boolean {
  const plain = unescapeCss(value).replace(/\/\*[\s\S]*?\*\//g, '');
  if ((block ? /[<>{}@]/ : /[<>{};@]/).test(plain.replace(/"[^"]*"|'[^']*'/g, '""'))) return false;
  if (/image-set|image\s*\(|cross-fade|element\s*\(|expression\s*\(|javascript:|behavior|binding|src\s*\(/i.test(plain)) return false;
  const urls = plain.matchAll(/url\s*\(\s*(['"]?)([^'")]*)/gi);
  for (const match of urls) if (!isSafeImageUrl(match[2] ?? '')) return false;
  return true;
}

/** Keeps the declarations of an element's style attribute that are safe (drops position: fixed). */
function sanitizeInlineStyle(element: Element): void {
  const style = (element as HTMLElement).style;
  if (!style) {
    element.removeAttribute('style');
    return;
  }
  const names: string[] = [];
  for (let index = 0; index < style.length; index += 1) names.push(style[index] ?? '');
  for (const name of names) {
    const value = style.getPropertyValue(name);
    if (!isSafeCssValue(value) || (name === 'position' && /fixed|sticky/i.test(value))) style.removeProperty(name);
  }
  if (style.length === 0) element.removeAttribute('style');
}

export interface SanitizeOptions {
  /** Class names kept (others dropped): those the renderer made. */
  classPrefix: string;
  /** Called with each blob: URL removed with its element, so it can be revoked. */
  onDroppedUrl?: (url: string) => void;
  /** Most elements kept; past it the rest is removed and `truncated` reported. */
  maxElements?: number;
}

export interface SanitizeResult {
  elements: number;
  truncated: boolean;
  /** The blob: URLs still in use (pictures), to revoke when the document goes away. */
  urls: string[];
}

function isSafeHref(value: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(value.trim());
}

/**
 * Cleans `root`'s descendants in place (the tree is not yet in the page, nothing has loaded).
 * Unknown elements are replaced by their children; dangerous ones are removed with their content.
 */
export function sanitizeTree(root: Element, options: SanitizeOptions): SanitizeResult {
  const result: SanitizeResult = { elements: 0, truncated: false, urls: [] };
  const max = options.maxElements ?? 200_000;
  const dropUrlsIn = (element: Element) => {
    if (!options.onDroppedUrl) return;
    for (const node of [element, ...Array.from(element.querySelectorAll('img, image'))]) {
      for (const name of ['src', 'href', 'xlink:href']) {
        const value = node.getAttribute(name);
        if (value && /^blob:/i.test(value)) options.onDroppedUrl(value);
      }
    }
  };
  const visit = (parent: Element) => {
    let child = parent.firstChild;
    while (child) {
      const next = child.nextSibling;
      if (child.nodeType === 1) {
        const element = child as Element;
        const tag = element.localName.toLowerCase();
        const ns = element.namespaceURI;
        const known =
          (ns === HTML_NS && HTML_TAGS.has(tag)) || (ns === SVG_NS && SVG_TAGS.has(tag)) || (ns === MATHML_NS && MATHML_TAGS.has(tag));
        if (result.elements >= max) {
          result.truncated = true;
          dropUrlsIn(element);
          element.remove();
        } else if (DROPPED.has(tag) || (!known && ns !== HTML_NS && ns !== SVG_NS && ns !== MATHML_NS)) {
          dropUrlsIn(element);
          element.remove();
        } else if (!known) {
          // An unknown element: keep what it holds, not the element.
          const first = element.firstChild;
          while (element.firstChild) parent.insertBefore(element.firstChild, element);
          element.remove();
          if (first) {
            child = first;
            continue;
          }
        } else {
          result.elements += 1;
          sanitizeAttributes(element, tag, ns, options, result);
          visit(element);
        }
      } else if (child.nodeType !== 3) {
        // Comments, processing instructions, CDATA: nothing a reader sees.
        child.parentNode?.removeChild(child);
      }
      child = next;
    }
  };
  visit(root);
  return result;
}

function sanitizeAttributes(element: Element, tag: string, ns: string | null, options: SanitizeOptions, result: SanitizeResult): void {
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value;
    let keep =
      GLOBAL_ATTRIBUTES.has(name) ||
      (ns === HTML_NS && TAG_ATTRIBUTES[tag]?.has(name)) ||
      (ns === SVG_NS && SVG_ATTRIBUTES.has(name)) ||
      (ns === MATHML_NS && MATHML_ATTRIBUTES.has(name));
    if (name.startsWith('on') || name === 'srcdoc' || name === 'formaction') keep = false;
    if (keep && name !== 'style' && /url\s*\(/i.test(value) && !isSafeCssValue(value)) keep = false;
    if (keep && (name === 'href' || name === 'xlink:href')) {
      if (ns === HTML_NS) keep = isSafeHref(value) || /^#[\w.:-]{1,200}$/.test(value);
      else keep = tag === 'image' ? isSafeImageUrl(value) : /^#[\w.:-]{1,200}$/.test(value);
    }
    if (keep && name === 'src') keep = isSafeImageUrl(value);
    if (!keep) {
      if ((name === 'src' || name.endsWith('href')) && /^blob:/i.test(value)) options.onDroppedUrl?.(value);
      element.removeAttributeNode(attribute);
      continue;
    }
    if ((name === 'src' || name.endsWith('href')) && /^blob:/i.test(value)) result.urls.push(value);
    if (name === 'class') {
      const classes = value.split(/\s+/).filter((token) => token.startsWith(options.classPrefix));
      if (classes.length) element.setAttribute('class', classes.join(' '));
      else element.removeAttribute('class');
    } else if (name === 'id') element.setAttribute('id', ID_PREFIX + value.replace(/[^\w.:-]/g, '_').slice(0, 200));
    else if ((name === 'href' || name === 'xlink:href') && value.startsWith('#'))
      element.setAttribute(attribute.name, `#${ID_PREFIX}${value.slice(1)}`);
    else if (name === 'style') sanitizeInlineStyle(element);
  }
  if (ns === HTML_NS && tag === 'a' && element.hasAttribute('href') && !element.getAttribute('href')!.startsWith('#')) {
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer nofollow');
  }
}

/** The rules of a stylesheet text, parsed without applying or fetching anything (null when the browser cannot). */
export function parseCssRules(text: string): CSSRuleList | null {
  try {
    const sheet = new CSSStyleSheet();
    // replaceSync ignores @import: nothing is fetched.
    sheet.replaceSync(text);
    return sheet.cssRules;
  } catch {
    return null;
  }
}

/** Splits a selector list at its top-level commas. */
function splitSelectors(selectorText: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const char of selectorText) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

const MAX_CSS_CHARS = 2_000_000;
const MAX_CSS_RULES = 20_000;

/**
 * A document's stylesheet made safe: only plain style rules, each selector put under `scope` (so
 * nothing outside the document's element is styled), each declaration without outside addresses
 * and without fixed positioning. Everything else (@import, @font-face, @media…) is dropped.
 */
export function sanitizeStylesheet(text: string, scope: string): string {
  if (text.length > MAX_CSS_CHARS) return '';
  const rules = parseCssRules(text);
  if (!rules) return '';
  const out: string[] = [];
  for (let index = 0; index < rules.length && index < MAX_CSS_RULES; index += 1) {
    const rule = rules[index] as CSSStyleRule;
    if (rule.type !== 1 || !rule.selectorText || !rule.style) continue;
    const selectors = splitSelectors(rule.selectorText)
      .filter((selector) => selector && !/[{}<>;@]/.test(selector))
      .map((selector) => `${scope} ${selector}`);
    if (selectors.length === 0) continue;
    // The block as the browser serializes it keeps shorthands written with var() (whose longhands
    // read back empty); it is used whole when all of it is safe, else declaration by declaration.
    const whole = rule.style.cssText.trim();
    if (whole && isSafeDeclarations(whole)) {
      out.push(`${selectors.join(', ')} { ${whole} }`);
      continue;
    }
    const declarations: string[] = [];
    for (let at = 0; at < rule.style.length; at += 1) {
      const name = rule.style[at] ?? '';
      const value = rule.style.getPropertyValue(name);
      if (!value || !/^-{0,2}[a-zA-Z][\w-]*$/.test(name) || !isSafeCssValue(value)) continue;
      if (name === 'position' && /fixed|sticky/i.test(value)) continue;
      const priority = rule.style.getPropertyPriority(name);
      declarations.push(`${name}: ${value}${priority ? ' !important' : ''}`);
    }
    if (declarations.length) out.push(`${selectors.join(', ')} { ${declarations.join('; ')} }`);
  }
  return out.join('\n');
}
