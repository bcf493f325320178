// Bundles the command line into one file, dist/cloudclip.mjs: src/main.ts with everything it imports
// (@cloudclip/contract, the paste envelope code, uqr), so the published package has no runtime
// dependencies. Takes well under a second.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const started = Date.now();

await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(root, 'dist/cloudclip.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Lazy imports (crypto, QR, transfers) stay in the same file: one file to publish.
  splitting: false,
  minify: false,
  sourcemap: false,
  legalComments: 'inline',
  define: { __CLOUDCLIP_VERSION__: JSON.stringify(version) },
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __cloudclipCreateRequire } from 'node:module';",
      'const require = __cloudclipCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  logLevel: 'warning',
});

console.log(`cli: dist/cloudclip.mjs (${version}) in ${Date.now() - started} ms`);
