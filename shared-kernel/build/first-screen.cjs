// @ts-check
/**
 * A remote's first screens, rendered at build time: the top of a page (its heading, its lead text,
 * a notice that depends only on whether the visitor holds a credential) as static HTML in both
 * languages, with the CSS it needs. The gateway writes the one for the requested address into the
 * boot page (deploy/gateway/boot-page.mjs), so the page's first content paints with the HTML instead
 * of after the host, the remote and the page's chunks have downloaded and run; the host shows it in
 * the remote's slot until the remote's own page is there (host-shell/src/features/remote-slot).
 *
 * The markup comes from the remote's own React components (its `src/first-screen.tsx`, rendered
 * with react-dom/server and the remote's texts), so the first screen and the page cannot drift
 * apart. That module and what it imports are compiled here with swc, as webpack does; stylesheet
 * imports are ignored (the module names the stylesheets it needs in `styles`).
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const LANGUAGES = ['zh-CN', 'en-US'];
const KERNEL_DIR = path.join(__dirname, '..');
/** The platform's base classes (cc-card, cc-muted …) every first screen may use. */
const KERNEL_BASE_CSS = path.join(KERNEL_DIR, 'src/theme/base.css');

/**
 * Runs `load` with require hooks that compile .ts/.tsx with swc (from the app's own dependencies)
 * and ignore .css; every module loaded this way is dropped from the require cache afterwards.
 * @template T
 * @param {string} dirname the app's folder
 * @param {() => T} load
 * @returns {T}
 */
function withTypeScript(dirname, load) {
  const appRequire = Module.createRequire(path.join(dirname, 'package.json'));
  const swc = appRequire('@swc/core');
  /** @type {Record<string, any>} */
  const extensions = /** @type {any} */ (Module)._extensions;
  const saved = { '.ts': extensions['.ts'], '.tsx': extensions['.tsx'], '.css': extensions['.css'] };
  /** @type {string[]} */
  const loaded = [];
  const compile = (/** @type {any} */ module, /** @type {string} */ filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      jsc: {
        parser: { syntax: 'typescript', tsx: filename.endsWith('.tsx') },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2020',
      },
      module: { type: 'commonjs' },
    });
    loaded.push(filename);
    module._compile(code, filename);
  };
  extensions['.ts'] = compile;
  extensions['.tsx'] = compile;
  extensions['.css'] = (/** @type {any} */ module) => {
    module.exports = {};
  };
  try {
    return load();
  } finally {
    for (const [extension, handler] of Object.entries(saved)) {
      if (handler) extensions[extension] = handler;
      else delete extensions[extension];
    }
    for (const file of loaded) delete require.cache[file];
  }
}

/** A stylesheet with its relative `@import`s written in (an inline <style> has no folder to import from). */
function readStylesheet(/** @type {string} */ file, seen = new Set()) {
  if (seen.has(file)) return '';
  seen.add(file);
  return fs
    .readFileSync(file, 'utf8')
    .replace(/@import\s+(?:url\()?\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)?\s*;/g, (_, relative) =>
      readStylesheet(path.resolve(path.dirname(file), relative), seen),
    );
}

/** Comments out, runs of white space folded: the CSS goes into every boot page of the remote. */
function compactCss(/** @type {string} */ css) {
  return (
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      // Not around ':' (`.a :where(b)` is not `.a:where(b)`).
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/;}/g, '}')
      .trim()
  );
}

/** Elements a visitor can operate: in a display-only copy they leave the tab order. */
const CONTROLS = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary']);
/** Elements without a closing tag. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const LIVE_ATTRIBUTE = /\sdata-live(?:[\s=/]|$)/;

/**
 * Takes the controls out of the tab order, except inside a `data-live` subtree (or everywhere when
 * the whole screen is live). React's markup escapes `<` and `>` in text and attribute values, so its
 * tags can be read one by one.
 */
function leaveTabOrder(/** @type {string} */ html, /** @type {boolean} */ live) {
  if (live) return html;
  /** @type {boolean[]} for each open element: whether it opened a live subtree */
  const open = [];
  let liveDepth = 0;
  return html.replace(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>/g, (tag, closing, tagName, rest) => {
    const name = tagName.toLowerCase();
    if (closing) {
      if (open.pop()) liveDepth -= 1;
      return tag;
    }
    const opensLive = LIVE_ATTRIBUTE.test(rest);
    const usable = liveDepth > 0 || opensLive;
    if (!VOID_ELEMENTS.has(name) && !rest.endsWith('/')) {
      open.push(opensLive);
      if (opensLive) liveDepth += 1;
    }
    return CONTROLS.has(name) && !usable ? `<${tagName} tabindex="-1"${rest}>` : tag;
  });
}

/** Whether the markup holds a subtree whose controls the visitor may use before the code arrives. */
function hasLiveSubtree(/** @type {string} */ html) {
  return /<[a-zA-Z][\w-]*\s[^>]*\bdata-live(?:[\s=/>])/.test(html);
}

/**
 * The copy is shown; only a live one is used. Ids, test ids and the references to ids go, so the
 * page's own elements stay the only ones a label, a test or a script finds by them (a live control
 * is wrapped in its <label> instead). The controls leave the tab order (the boot page's CSS lets the
 * pointer pass through the copy) unless the screen is live or they sit in a `data-live` subtree:
 * those keep working, and the page takes over what the visitor typed (the kernel's takeEarlyField).
 * @param {string} html
 * @param {boolean} [live] the whole screen is live
 */
function displayOnlyMarkup(html, live = false) {
  return leaveTabOrder(html.replace(/\s(?:id|data-testid|aria-labelledby|aria-describedby|aria-controls|for|tabindex)="[^"]*"/g, ''), live);
}

/**
 * @typedef {{ session?: 'signed-in' | 'signed-out', lang: string, html: string }} FirstScreenVariant
 * @typedef {{ variants: FirstScreenVariant[], css: string, live?: boolean }} FirstScreen
 *   `live`: the screen holds controls the visitor may use now (the gateway marks it data-live)
 */

/**
 * Renders the first screens a remote's module declares.
 * @param {string} dirname the app's folder
 * @param {string} modulePath the module, relative to `dirname`; it exports `firstScreens`
 *   (`{ pattern, session?, live?, render }[]`), `namespace`, `resources` (language → texts) and `styles`
 *   (stylesheet paths relative to the module)
 * @returns {Map<string, FirstScreen>} page address pattern → its first screen
 */
function renderFirstScreens(dirname, modulePath) {
  const appRequire = Module.createRequire(path.join(dirname, 'package.json'));
  const React = appRequire('react');
  const { renderToStaticMarkup } = appRequire('react-dom/server');
  const i18next = appRequire('i18next');
  const { I18nextProvider } = appRequire('react-i18next');
  const file = path.resolve(dirname, modulePath);
  const { mod, common } = withTypeScript(dirname, () => ({
    mod: require(file),
    common: require(path.join(KERNEL_DIR, 'src/i18n/resources/common.ts')).commonResources,
  }));
  const css = compactCss(
    [KERNEL_BASE_CSS, ...(mod.styles ?? []).map((/** @type {string} */ style) => path.resolve(path.dirname(file), style))]
      .map((style) => readStylesheet(style))
      .join('\n'),
  );
  /** @type {Map<string, FirstScreen>} */
  const pages = new Map();
  for (const language of LANGUAGES) {
    const i18n = i18next.createInstance();
    i18n.init({
      lng: language,
      fallbackLng: false,
      initImmediate: false,
      resources: { [language]: { common: common[language], [mod.namespace]: mod.resources[language] } },
      defaultNS: mod.namespace,
      interpolation: { escapeValue: false },
    });
    for (const screen of mod.firstScreens ?? []) {
      const markup = renderToStaticMarkup(React.createElement(I18nextProvider, { i18n }, screen.render()));
      const html = displayOnlyMarkup(markup, screen.live === true);
      /** @type {FirstScreen} */
      const page = pages.get(screen.pattern) ?? { variants: [], css };
      if (screen.live === true || hasLiveSubtree(markup)) page.live = true;
      page.variants.push({ ...(screen.session ? { session: screen.session } : {}), lang: language, html });
      pages.set(screen.pattern, page);
    }
  }
  return pages;
}

/**
 * The theme's --cc-* variables as CSS (light on :root, dark under data-theme="dark"), from the
 * kernel's tokens: the boot page paints in the theme's colours and font before the kernel sets them.
 * @param {string} dirname the app's folder (for its swc)
 */
function themeVariablesCss(dirname) {
  const { cssVariables } = withTypeScript(dirname, () => require(path.join(KERNEL_DIR, 'src/theme/theme-tokens.ts')));
  const block = (/** @type {Record<string, string>} */ vars) =>
    Object.entries(vars)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
  return `:root{${block(cssVariables(false))}}html[data-theme='dark']{${block(cssVariables(true))}}`;
}

module.exports = { renderFirstScreens, themeVariablesCss, compactCss, displayOnlyMarkup };
