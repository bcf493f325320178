// Keeps README.md and docs/*.md true: every `pnpm` command they name is a root script (or a pnpm
// built-in), every repository path they name exists (or is git-ignored output such as dist/), every
// variable of the README's configuration table is read by the code (api-server/src, deploy/,
// scripts/), and no page holds an internal work-item reference. The checks themselves are tested on
// small fixtures first, so a bad page is known to fail. Run: node --test scripts/ (pnpm test:scripts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from './lib.mjs';
import {
  codeSpans,
  configurationVariables,
  expandBraces,
  fixedPrefix,
  namedPaths,
  pnpmScripts,
  readsVariable,
  unknownPnpmScripts,
  workItemReferences,
} from './readme-claims-lib.mjs';

const BAD_README = `# Product

Run \`pnpm setup-everything\` or \`pnpm run deploy-it\`, then \`node scripts/no-such-file.mjs\`.

\`\`\`sh
pnpm install && pnpm test && pnpm --filter @x/y bench
\`\`\`

Fixed in issue 17 (see #41); the rest comes in round 3.

## Configuration

| variable | default | meaning |
| --- | --- | --- |
| \`PORT\` | \`8080\` | the port |
| \`MADE_UP_SETTING\` | \`1\` | read nowhere |

## Next
| \`NOT_IN_TABLE\` | x | y |
`;

describe('the checks, on fixtures', () => {
  it('finds inline code spans but not the fenced block', () => {
    assert.deepEqual(codeSpans('a `one` b ``two`` c\n```\n`three`\n```\n'), ['one', 'two']);
  });

  it('names the scripts of pnpm commands, without built-ins and options', () => {
    assert.deepEqual(pnpmScripts(BAD_README), ['setup-everything', 'deploy-it', 'test']);
    assert.deepEqual(unknownPnpmScripts(BAD_README, { test: 'x' }), ['setup-everything', 'deploy-it']);
    assert.deepEqual(unknownPnpmScripts('`pnpm exec cloudclip --help`, `pnpm -r build`, `pnpm@12`', {}), []);
  });

  it('expands brace lists and cuts paths at their first placeholder', () => {
    assert.deepEqual(expandBraces('a/{b,c}.mjs'), ['a/b.mjs', 'a/c.mjs']);
    assert.deepEqual(expandBraces('/paste/{slug}'), ['/paste/{slug}']);
    assert.equal(fixedPrefix('deploy/environments/<env>.json'), 'deploy/environments/');
    assert.equal(fixedPrefix('mfe-*/src'), null);
    assert.equal(fixedPrefix('scripts/lib.mjs'), 'scripts/lib.mjs');
  });

  it('collects repository paths from code spans, node commands and relative links', () => {
    const top = new Set(['scripts', 'deploy', 'docs']);
    const page =
      '`node scripts/a.mjs --x`, `deploy/{b,c}.mjs`, `/api/paste`, `s3://x/y`, `other/z.ts`, [d](commands.md#x), [e](https://e.org/a)\n```\nnode scripts/f.mjs\n```\n';
    assert.deepEqual(namedPaths(page, top, 'docs').sort(), [
      'deploy/b.mjs',
      'deploy/c.mjs',
      'docs/commands.md',
      'scripts/a.mjs',
      'scripts/f.mjs',
    ]);
    assert.deepEqual(namedPaths('[r](../README.md)', top, 'docs'), ['README.md']);
  });

  it('reads the configuration table and nothing after it', () => {
    assert.deepEqual(configurationVariables(BAD_README), ['PORT', 'MADE_UP_SETTING']);
    assert.deepEqual(configurationVariables('# no table\n'), []);
  });

  it('knows which sources read a variable', () => {
    assert.equal(readsVariable('const p = process.env.PORT ?? 8080;', 'PORT'), true);
    assert.equal(readsVariable("const s = env['RELEASE_STORE'];", 'RELEASE_STORE'), true);
    assert.equal(readsVariable('const schema = z.object({\n  API_PORT: integer(),\n});\nschema.parse(process.env);', 'API_PORT'), true);
    assert.equal(readsVariable('const API_PORT = 1; // no environment here', 'API_PORT'), false);
    assert.equal(readsVariable('process.env.PORTS', 'PORT'), false);
  });

  it('finds internal work-item references but not fragments or entities', () => {
    assert.deepEqual(workItemReferences(BAD_README), ['issue 17', '#41', 'round 3']);
    assert.deepEqual(workItemReferences('[x](README.md#storage) &#39; a round trip, stop it, C# 10'), []);
  });
});

const packageScripts = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts;
const topLevel = new Set(readdirSync(repoRoot));
const pages = [
  'README.md',
  ...readdirSync(path.join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Source files (not tests, not node_modules or builds) of the folders that read the environment. */
function sourceTexts() {
  const texts = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(?:[cm]?js|ts)$/.test(entry.name) && !/\.test\.[cm]?[jt]s$/.test(entry.name)) texts.push(readFileSync(full, 'utf8'));
    }
  };
  for (const dir of ['api-server/src', 'deploy', 'scripts']) walk(path.join(repoRoot, dir));
  return texts;
}

/** Whether git ignores the path or one of its folders (build output such as `cli/dist/…`). */
function isIgnored(relative) {
  const segments = relative.replace(/\/$/, '').split('/');
  // A folder pattern (`dist/`) matches a path that does not exist only when it is asked with its slash;
  // exit status 0: at least one of them is ignored.
  const candidates = segments.map((_, index) => segments.slice(0, index + 1).join('/') + (index < segments.length - 1 ? '/' : ''));
  candidates.push(`${segments.join('/')}/`);
  try {
    execFileSync('git', ['check-ignore', '--no-index', ...candidates], { cwd: repoRoot, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the checks, on a fabricated bad README', () => {
  it('reports every bad claim of it', () => {
    assert.deepEqual(unknownPnpmScripts(BAD_README, packageScripts), ['setup-everything', 'deploy-it']);
    const missing = namedPaths(BAD_README, topLevel).filter((relative) => !existsSync(path.join(repoRoot, relative)));
    assert.deepEqual(missing, ['scripts/no-such-file.mjs']);
    const sources = sourceTexts();
    const unread = configurationVariables(BAD_README).filter((name) => !sources.some((text) => readsVariable(text, name)));
    assert.deepEqual(unread, ['MADE_UP_SETTING']);
    assert.equal(workItemReferences(BAD_README).length, 3);
  });
});

describe('README.md and docs/*.md', () => {
  it('name only pnpm scripts of the root package.json', () => {
    const unknown = pages.flatMap((page) =>
      unknownPnpmScripts(readFileSync(path.join(repoRoot, page), 'utf8'), packageScripts).map((name) => `${page}: pnpm ${name}`),
    );
    assert.deepEqual(unknown, [], 'pnpm commands that are not scripts');
  });

  it('name only files and folders that exist (or are git-ignored output)', () => {
    const missing = pages.flatMap((page) => {
      const markdown = readFileSync(path.join(repoRoot, page), 'utf8');
      return namedPaths(markdown, topLevel, path.dirname(page) === '.' ? '' : path.dirname(page))
        .filter((relative) => !existsSync(path.join(repoRoot, relative)) && !isIgnored(relative))
        .map((relative) => `${page}: ${relative}`);
    });
    assert.deepEqual(missing, [], 'paths that do not exist');
  });

  it('list in the configuration table only variables the code reads', () => {
    const variables = configurationVariables(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'));
    assert.ok(variables.length >= 10, `the README's configuration table has ${variables.length} variables`);
    const sources = sourceTexts();
    assert.deepEqual(
      variables.filter((name) => !sources.some((text) => readsVariable(text, name))),
      [],
      'variables read nowhere',
    );
  });

  it('hold no internal work-item references', () => {
    const found = pages.flatMap((page) =>
      workItemReferences(readFileSync(path.join(repoRoot, page), 'utf8')).map((reference) => `${page}: ${reference}`),
    );
    assert.deepEqual(found, [], 'work-item references');
  });
});
