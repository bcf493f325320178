// ESLint for the whole workspace (flat config): `pnpm lint` runs it with `prettier --check`.
// - typescript-eslint's recommended rules on TypeScript, @eslint/js's on JavaScript, and three type-aware
//   rules about promises (the whole recommendedTypeChecked set reports ~1,150 problems, mostly no-unsafe-*)
// - React hooks: rules-of-hooks and exhaustive-deps
// - the layering of ../shared/architecture.md and conventions #7 and #12, checked on every import:
//   package names with `no-restricted-imports`, resolved file paths (relative imports too) with
//   `import-x/no-restricted-paths`
// - every eslint-disable comment names its rule and says why after `--`; an unused one is an error
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

const REMOTES = ['mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer'];
/** Packages that hold feature folders (`src/features/<feature>`). */
const FEATURE_APPS = ['host-shell', ...REMOTES];
/** Every browser app (the host and the remotes). */
const APPS = ['host-shell', ...REMOTES];

const TS = ['**/*.ts', '**/*.tsx'];
const BROWSER_SOURCES = [...APPS, 'shared-kernel', 'file-viewers'].map((pkg) => `${pkg}/src/**`);

// ----- layering --------------------------------------------------------------------------------

/** `no-restricted-imports` patterns naming workspace packages a part must not import. */
function forbidPackages(names, message) {
  return { group: names.map((name) => `@cloudclip/${name}`).flatMap((name) => [name, `${name}/**`]), message };
}

/** The `no-restricted-syntax` entry for `import('<name>')` of a pattern's package names. */
function dynamicImportOf({ group, message }) {
  const escaped = group.filter((name) => !name.endsWith('/**')).map((name) => name.replace(/[/]/g, '\\/').replace(/\*/g, '[^/]+'));
  return { selector: `ImportExpression[source.value=/^(${escaped.join('|')})(\\/|$)/]`, message };
}

const packageRules = [
  ...REMOTES.map((remote) => ({
    files: [`${remote}/**`],
    patterns: [
      forbidPackages(
        REMOTES.filter((other) => other !== remote),
        'A remote never imports another remote: share through @cloudclip/shared-kernel (session, bus, API client) (conventions #7).',
      ),
      forbidPackages(['host-shell'], 'A remote never imports the host: the host passes props and the kernel, remotes use the bus.'),
      forbidPackages(['api-server'], 'Browser code never imports the api-server: use the kernel’s typed endpoints.'),
    ],
  })),
  {
    files: ['host-shell/**'],
    patterns: [
      forbidPackages(REMOTES, 'The host never imports a remote: it loads them at runtime from /env.json (conventions #4, #6).'),
      forbidPackages(['api-server'], 'Browser code never imports the api-server: use the kernel’s typed endpoints.'),
    ],
  },
  {
    files: ['shared-kernel/**'],
    patterns: [
      forbidPackages([...APPS, 'file-viewers', 'api-server', 'deploy', 'e2e'], 'The kernel imports no app (architecture: who owns what).'),
    ],
  },
  {
    files: ['file-viewers/**'],
    patterns: [
      forbidPackages(
        [...APPS, 'api-server', 'deploy', 'e2e'],
        'The viewer layer imports no app (both remotes bundle it): only @cloudclip/shared-kernel.',
      ),
    ],
  },
  {
    files: ['contract/**'],
    patterns: [
      { group: ['@cloudclip/*', '@cloudclip/*/**'], message: 'The contract package imports nothing from another workspace package.' },
    ],
  },
  {
    files: ['api-server/**'],
    patterns: [forbidPackages([...APPS, 'deploy', 'e2e'], 'The api-server imports no browser app.')],
  },
];

/** One zone per rule on resolved files, so relative paths (`../../mfe-upload/src/…`) are caught too. */
const packageZones = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: [...REMOTES.filter((other) => other !== remote), 'host-shell', 'api-server'].map((pkg) => `./${pkg}`),
    message: 'A remote imports no other remote, nor the host or the api-server (conventions #7).',
  })),
  {
    target: './host-shell',
    from: [...REMOTES, 'api-server'].map((pkg) => `./${pkg}`),
    message: 'The host imports no remote and no server code (conventions #4, #6).',
  },
  {
    target: './shared-kernel',
    from: [...APPS, 'api-server', 'deploy', 'e2e'].map((pkg) => `./${pkg}`),
    message: 'The kernel imports no app.',
  },
  {
    target: './file-viewers',
    from: [...APPS, 'api-server', 'deploy', 'e2e'].map((pkg) => `./${pkg}`),
    message: 'The viewer layer imports no app, nor the api-server: only the kernel (both remotes bundle it).',
  },
  {
    target: './shared-kernel',
    from: ['./file-viewers'],
    message:
      'The kernel does not import the viewer layer: the layer is built on the kernel, and only the remotes that show files bundle it.',
  },
  {
    target: './contract',
    from: [...APPS, 'shared-kernel', 'file-viewers', 'api-server', 'deploy', 'e2e', 'scripts'].map((pkg) => `./${pkg}`),
    message: 'The contract package imports nothing from another workspace package.',
  },
  {
    target: './api-server',
    from: [...APPS, 'deploy', 'e2e'].map((pkg) => `./${pkg}`),
    message: 'The api-server imports no browser app.',
  },
];

function featuresOf(app) {
  try {
    return readdirSync(path.join(root, app, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Inside an app, `src/features/<a>` never imports `src/features/<b>` (conventions #12). */
const featureZones = FEATURE_APPS.flatMap((app) =>
  featuresOf(app).map((feature) => ({
    target: `./${app}/src/features/${feature}`,
    from: `./${app}/src/features`,
    except: [`./${feature}`],
    message: `A feature never imports another feature: move shared code to ${app}/src/lib or src/components (or the kernel), or compose the features in src/app (conventions #12).`,
  })),
);

// ----- config ----------------------------------------------------------------------------------

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/.dist-*/',
    '**/coverage/',
    '**/.data/',
    'deploy/releases/',
    'bench-results/',
    '**/test-results/',
    '**/playwright-report/',
  ]),

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
  },

  js.configs.recommended,
  { files: TS, extends: [tseslint.configs.recommended] },
  // Type-aware: a forgotten promise is a lost error. Each file is checked with the tsconfig.json nearest to it.
  {
    files: TS,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },

  comments.recommended,
  { rules: { '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }] } },

  // CommonJS: jest and webpack configs, the kernel's build helpers.
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },

  // Browser code: the apps and the kernel.
  { files: BROWSER_SOURCES, languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/jest.setup.ts', '**/src/test/**', '**/src/testing/**', 'shared-kernel/testing/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  // Playwright and the benchmarks run in Node, but the callbacks of page.evaluate() run in the page.
  {
    files: ['e2e/**', '**/bench/**', 'scripts/page-harness.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: {
      // Dead code: unused variables, parameters after the last used one, imports and caught errors.
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'all', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // @typescript-eslint/no-unused-vars needs the plugin registered for the JavaScript files too.
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], plugins: { '@typescript-eslint': tseslint.plugin } },
  // CommonJS files may require().
  { files: ['**/*.cjs', '**/*.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },

  {
    files: ['**/*.tsx', ...BROWSER_SOURCES],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Layering.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
          // api-server (NodeNext) imports `./file.js` for `./file.ts`.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...packageZones, ...featureZones] }],
    },
  },
  ...packageRules.map(({ files, patterns }) => ({
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      // no-restricted-imports does not look at import(): the same names as dynamic imports.
      'no-restricted-syntax': ['error', ...patterns.map(dynamicImportOf)],
    },
  })),
]);
