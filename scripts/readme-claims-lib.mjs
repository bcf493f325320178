// What scripts/readme-claims.test.mjs checks in README.md and docs/*.md, as pure functions over the
// Markdown text: the `pnpm` commands named, the file paths named in code spans and links, the
// variables of the README's configuration table, and internal work-item references that must not
// be there. The test applies them to the real pages; each function is also tested on small fixtures.

/** Commands pnpm itself answers (not scripts of package.json); options such as --filter and -r too. */
export const PNPM_BUILT_INS = new Set(['install', 'i', 'add', 'remove', 'update', 'exec', 'dlx', 'store', 'why', 'list', 'ls', 'rebuild']);

/** Inline code spans (`…`), outside fenced code blocks. */
export function codeSpans(markdown) {
  const spans = [];
  for (const line of proseLines(markdown)) {
    for (const match of line.matchAll(/(`+)(.+?)\1/g)) spans.push(match[2].trim());
  }
  return spans;
}

/** The lines inside fenced code blocks (``` … ```). */
export function fencedLines(markdown) {
  return markdownLines(markdown)
    .filter((line) => line.fenced)
    .map((line) => line.text);
}

function proseLines(markdown) {
  return markdownLines(markdown)
    .filter((line) => !line.fenced)
    .map((line) => line.text);
}

function markdownLines(markdown) {
  const lines = [];
  let fenced = false;
  for (const text of markdown.split('\n')) {
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      continue;
    }
    lines.push({ text, fenced });
  }
  return lines;
}

/** Everything that is code: the inline spans and the fenced lines. */
function codeTexts(markdown) {
  return [...codeSpans(markdown), ...fencedLines(markdown)];
}

/**
 * The script names of the `pnpm <name>` and `pnpm run <name>` commands in code, in order of
 * appearance, without pnpm's built-ins and options (`pnpm install`, `pnpm --filter …`, `pnpm -r …`).
 */
export function pnpmScripts(markdown) {
  const names = [];
  for (const text of codeTexts(markdown)) {
    for (const match of text.matchAll(/(?:^|[\s;&|(])pnpm\s+(?:run\s+)?([^\s`'"]+)/g)) {
      const name = match[1];
      if (name === 'run' || name.startsWith('-') || PNPM_BUILT_INS.has(name) || !/^[a-z][a-z0-9:-]*$/.test(name)) continue;
      names.push(name);
    }
  }
  return names;
}

/** `pnpm <name>` commands whose script is not in `scripts` (the root package.json's). */
export function unknownPnpmScripts(markdown, scripts) {
  return [...new Set(pnpmScripts(markdown))].filter((name) => !Object.hasOwn(scripts, name));
}

/** `{a,b}.mjs` → `a.mjs`, `b.mjs`; a brace without a comma (`{slug}`) stays as it is. */
export function expandBraces(text) {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(text);
  if (!match) return [text];
  return match[1].split(',').flatMap((part) => expandBraces(text.slice(0, match.index) + part + text.slice(match.index + match[0].length)));
}

const PLACEHOLDER = /[<>{}*…|$]/;

/**
 * The part of a path that must exist: everything before the first segment holding a placeholder
 * (`deploy/environments/<env>.json` → `deploy/environments/`); null when the first segment is one.
 */
export function fixedPrefix(candidate) {
  const segments = candidate.split('/');
  const first = segments.findIndex((segment) => PLACEHOLDER.test(segment));
  if (first === -1) return candidate;
  if (first === 0) return null;
  return `${segments.slice(0, first).join('/')}/`;
}

/**
 * The repository paths a page names: a code span that is a path (`deploy/gateway/server.mjs`, the
 * path of `node scripts/x.mjs …`) whose first segment is one of `topLevel` (the repository's root
 * entries), and relative Markdown links. Paths are relative to the repository root except links,
 * which are relative to `pageDir` (the page's folder, '' for the root). Placeholders are cut off.
 */
export function namedPaths(markdown, topLevel, pageDir = '') {
  const found = new Set();
  const add = (candidate) => {
    for (const expanded of expandBraces(candidate)) {
      const prefix = fixedPrefix(expanded.replace(/[.,:;)]+$/, ''));
      if (prefix) found.add(prefix);
    }
  };
  for (const span of codeSpans(markdown)) {
    const node = /^node\s+(?:--\S+\s+)*([^\s]+)/.exec(span);
    const candidate = node ? node[1] : span;
    if (/\s/.test(candidate) || !candidate.includes('/') || candidate.includes('://')) continue;
    if (!topLevel.has(candidate.split('/')[0])) continue;
    add(candidate);
  }
  for (const text of fencedLines(markdown)) {
    for (const match of text.matchAll(/(?:^|[\s;&|(])node\s+(?:--\S+\s+)*([\w.-]+\/[^\s'"`]+)/g)) {
      if (topLevel.has(match[1].split('/')[0])) add(match[1]);
    }
  }
  for (const line of proseLines(markdown)) {
    for (const match of line.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
      const target = match[1];
      if (/^[a-z]+:/i.test(target)) continue;
      add(joinPath(pageDir, target));
    }
  }
  return [...found];
}

function joinPath(dir, target) {
  const parts = [];
  for (const part of `${dir}/${target}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/') + (target.endsWith('/') ? '/' : '');
}

/** The variable names of the README's configuration table (first column of the table under `heading`). */
export function configurationVariables(markdown, heading = 'Configuration') {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^##\\s+${heading}\\s*$`).test(line));
  if (start === -1) return [];
  const names = [];
  for (const line of lines.slice(start + 1)) {
    if (/^##\s/.test(line)) break;
    const cell = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/.exec(line);
    if (cell) names.push(cell[1]);
  }
  return names;
}

/**
 * Whether a source text reads the environment variable `name`: `process.env.NAME`, `env.NAME`,
 * `env['NAME']`, or a key `NAME:` of a schema in a file that parses the environment
 * (`process.env` or `ProcessEnv` in it, as api-server/src/config.ts).
 */
export function readsVariable(source, name) {
  if (new RegExp(`\\benv(?:\\.${name}\\b|\\[\\s*['"\`]${name}['"\`]\\s*\\])`).test(source)) return true;
  return /process\.env|ProcessEnv/.test(source) && new RegExp(`^\\s*${name}\\s*:`, 'm').test(source);
}

/** Internal work-item references: `issue 17`, `issues 14`, `#41`, `round 3`, `stop 2`. */
export function workItemReferences(markdown) {
  const found = [];
  for (const pattern of [/\bissues?\s+#?\d+/gi, /(?:^|[^\w&/#])#\d+\b/g, /\b(?:round|stop)\s+\d+\b/gi]) {
    for (const match of markdown.matchAll(pattern)) found.push(match[0].trim());
  }
  return found;
}
