// Unit tests of the budget check's pure logic: node --test scripts/
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ALL_VIEWER_RULES,
  RULE_TITLES,
  budgetFor,
  budgetsFromMeasurements,
  classifyScript,
  compareWithBudgets,
  findRuleBreaks,
  packageOfSource,
  packagesInSourceMap,
  rulesForRoute,
  sharedModulesByFile,
  viewerOfFileName,
  viewerOfSource,
} from './budgets-lib.mjs';

describe('packageOfSource', () => {
  it('names the package of a pnpm path, scoped or not', () => {
    assert.equal(
      packageOfSource('webpack://cloudclip_admin/../node_modules/.pnpm/antd@5.29.3_react@18.3.1/node_modules/antd/es/button/index.js'),
      'antd',
    );
    assert.equal(
      packageOfSource('webpack://x/../node_modules/.pnpm/@ant-design+pro-table@2.80.8/node_modules/@ant-design/pro-table/es/Table.js'),
      '@ant-design/pro-table',
    );
  });

  it('returns null for the app’s own sources', () => {
    assert.equal(packageOfSource('webpack://cloudclip_public/./src/features/paste-view/components/paste-page.tsx'), null);
  });
});

describe('packagesInSourceMap', () => {
  it('collects each package once and tolerates a missing map', () => {
    const names = packagesInSourceMap({
      sources: ['../node_modules/react/index.js', '../node_modules/react/cjs/react.js', './src/app.tsx'],
    });
    assert.deepEqual([...names], ['react']);
    assert.deepEqual([...packagesInSourceMap(null)], []);
  });
});

describe('sharedModulesByFile', () => {
  it('maps the chunk files of each shared module to its name', () => {
    const manifest = {
      shared: [
        { name: 'antd', assets: { js: { sync: ['367.8cbc30eb.js'], async: [] } } },
        { name: 'react/jsx-runtime', assets: { js: { sync: ['106.a.js', '725.b.js'], async: [] } } },
        { name: 'react', assets: { js: { sync: ['725.b.js'], async: [] } } },
      ],
    };
    const index = sharedModulesByFile(manifest);
    assert.deepEqual(index.get('367.8cbc30eb.js'), ['antd']);
    assert.deepEqual(index.get('725.b.js'), ['react/jsx-runtime', 'react']);
    assert.equal(index.get('main.js'), undefined);
  });
});

describe('classifyScript', () => {
  it('finds antd through the manifest and through a source map', () => {
    assert.deepEqual(classifyScript({ sharedModules: ['@ant-design/pro-components'] }).antd, [
      'shared module @ant-design/pro-components (mf-manifest.json)',
    ]);
    assert.deepEqual(classifyScript({ bundledPackages: ['@ant-design/pro-layout', 'react', 'antd'] }).antd, [
      'bundles @ant-design/pro-layout, antd (source map)',
    ]);
  });

  it('finds the editor by its class names or by CodeMirror in the source map', () => {
    assert.equal(classifyScript({ source: 'x="CodeMirror-scroll"' }).editor.length, 1);
    assert.equal(classifyScript({ bundledPackages: ['codemirror-ssr'] }).editor.length, 1);
  });

  it('leaves the paste viewer’s own code clean (bytemd’s processor is not the editor)', () => {
    const evidence = classifyScript({
      sharedModules: ['react'],
      bundledPackages: ['bytemd', '@bytemd/plugin-gfm'],
      source: 'class="markdown-body"',
      fileName: 'page-paste.1a2b3c4d.js',
    });
    assert.deepEqual(
      Object.entries(evidence).filter(([, found]) => found.length),
      [],
    );
    assert.deepEqual(Object.keys(evidence).sort(), ['antd', 'editor', 'html-parser', ...ALL_VIEWER_RULES].sort());
  });

  it('finds the HTML parser of the Markdown pipeline in a source map', () => {
    assert.deepEqual(classifyScript({ bundledPackages: ['unified', 'hast-util-raw', 'parse5'] })['html-parser'], [
      'bundles hast-util-raw, parse5 (source map)',
    ]);
    assert.deepEqual(classifyScript({ bundledPackages: ['hast-util-sanitize', 'micromark'] })['html-parser'], []);
  });
});

describe('viewer chunks of the file-viewers layer', () => {
  it('knows a viewer chunk by its file name', () => {
    assert.equal(viewerOfFileName('viewer-pdf.0a1b2c3d.js'), 'pdf');
    assert.equal(viewerOfFileName('viewer-spreadsheet.ffffffff.js'), 'spreadsheet');
    assert.equal(viewerOfFileName('viewer-spreadsheet-sheetjs.e8dda363.js'), 'spreadsheet');
    assert.equal(viewerOfFileName('viewer-code-highlight.3d2082cf.js'), 'code');
    assert.equal(viewerOfFileName('viewer-unknown.3d2082cf.js'), null);
    assert.equal(viewerOfFileName('page-file.0a1b2c3d.js'), null);
    assert.equal(viewerOfFileName('viewer-pdf.0a1b2c3d.js.map'), null);
    assert.deepEqual(classifyScript({ fileName: 'viewer-pdf.0a1b2c3d.js' })['viewer-pdf'], ['is the chunk viewer-pdf (file name)']);
  });

  it('finds a viewer’s code in a source map, but not its texts, which the layer carries', () => {
    assert.equal(viewerOfSource('webpack://cloudclip_public/../file-viewers/src/viewers/archive/zip.ts'), 'archive');
    assert.equal(viewerOfSource('webpack://cloudclip_public/../file-viewers/src/viewers/archive/texts.ts'), null);
    assert.equal(viewerOfSource('webpack://cloudclip_public/../file-viewers/src/file-viewer.tsx'), null);
    const layer = classifyScript({
      fileName: 'page-file.0a1b2c3d.js',
      sourcePaths: [
        '../file-viewers/src/file-viewer.tsx',
        ...ALL_VIEWER_RULES.map((rule) => `../file-viewers/src/viewers/${rule.slice(7)}/texts.ts`),
      ],
    });
    assert.deepEqual(
      ALL_VIEWER_RULES.filter((rule) => layer[rule].length),
      [],
    );
    // A chunk webpack split off (a numeric name) that holds the archive viewer's code and zip.js.
    const split = classifyScript({
      fileName: '734.0a1b2c3d.js',
      bundledPackages: ['@zip.js/zip.js'],
      sourcePaths: ['../file-viewers/src/viewers/archive/index.tsx', '../file-viewers/src/viewers/archive/zip.ts'],
    });
    assert.deepEqual(split['viewer-archive'], [
      'bundles 2 file(s) of file-viewers/src/viewers/archive/ (source map)',
      'bundles @zip.js/zip.js (source map)',
    ]);
    assert.deepEqual(classifyScript({ bundledPackages: ['pdfjs-dist'] })['viewer-pdf'], ['bundles pdfjs-dist (source map)']);
  });

  it('a page forbidding every viewer breaks on the PDF viewer’s chunk only', () => {
    const rules = rulesForRoute('/file/{slug}', { routes: { '/file/{slug}': { forbid: ['html-parser', ...ALL_VIEWER_RULES] } } });
    assert.deepEqual(rules, ['html-parser', ...ALL_VIEWER_RULES]);
    const scripts = [
      { url: '/remotes/mfe-public/0.1.0/page-file.11111111.js', evidence: classifyScript({ fileName: 'page-file.11111111.js' }) },
      { url: '/remotes/mfe-public/0.1.0/viewer-pdf.22222222.js', evidence: classifyScript({ fileName: 'viewer-pdf.22222222.js' }) },
    ];
    assert.deepEqual(findRuleBreaks('/file/{slug}', rules, scripts), [
      {
        route: '/file/{slug}',
        rule: 'viewer-pdf',
        url: '/remotes/mfe-public/0.1.0/viewer-pdf.22222222.js',
        evidence: ['is the chunk viewer-pdf (file name)'],
      },
    ]);
    assert.match(RULE_TITLES['viewer-pdf'], /pdf viewer/);
  });
});

describe('rules', () => {
  it('always forbids antd on / and antd and the editor on the paste view', () => {
    assert.deepEqual(rulesForRoute('/', {}), ['antd']);
    assert.deepEqual(rulesForRoute('/paste/{slug}', { routes: { '/paste/{slug}': { forbid: ['antd'] } } }), ['antd', 'editor']);
    assert.deepEqual(rulesForRoute('/admin', {}), []);
  });

  it('adds the rules a budgets file names and refuses unknown ones', () => {
    assert.deepEqual(rulesForRoute('/upload', { routes: { '/upload': { forbid: ['antd'] } } }), ['antd']);
    assert.throws(() => rulesForRoute('/upload', { routes: { '/upload': { forbid: ['jquery'] } } }), /unknown rule "jquery"/);
  });

  it('reports each file that breaks a rule with its evidence', () => {
    const scripts = [
      { url: '/remotes/mfe-admin/1.0.0/367.js', evidence: { antd: ['shared module antd (mf-manifest.json)'], editor: [] } },
      { url: '/main.js', evidence: { antd: [], editor: [] } },
    ];
    assert.deepEqual(findRuleBreaks('/', ['antd'], scripts), [
      { route: '/', rule: 'antd', url: '/remotes/mfe-admin/1.0.0/367.js', evidence: ['shared module antd (mf-manifest.json)'] },
    ]);
    assert.deepEqual(findRuleBreaks('/', ['editor'], scripts), []);
  });
});

describe('compareWithBudgets', () => {
  const measured = {
    remotes: { 'mfe-public': { totalJsGzipBytes: 1000 } },
    routes: { '/': { jsWireBytes: 500 }, '/new': { jsWireBytes: 10 } },
  };

  it('marks values over their budget, within it, and without one', () => {
    const rows = compareWithBudgets(measured, {
      remotes: { 'mfe-public': { totalJsGzipBytes: 999 } },
      routes: { '/': { jsWireBytes: 500, _note: 'x' } },
    });
    assert.deepEqual(
      rows.map((row) => [row.subject, row.metric, row.status]),
      [
        ['mfe-public', 'totalJsGzipBytes', 'over'],
        ['/', 'jsWireBytes', 'ok'],
        ['/new', 'jsWireBytes', 'no budget'],
      ],
    );
  });
});

describe('budgets from measurements', () => {
  it('adds the headroom and rounds up to a whole KiB', () => {
    assert.equal(budgetFor(1000, 0.2), 2048);
    assert.equal(budgetFor(10 * 1024, 0.2), 12 * 1024);
    assert.equal(budgetFor(10 * 1024 + 1, 0.2), 13 * 1024);
  });

  it('keeps notes and rules of the current file', () => {
    const next = budgetsFromMeasurements(
      { remotes: {}, routes: { '/': { jsWireBytes: 1024 } } },
      { _about: 'a', routes: { '/': { jsWireBytes: 1, forbid: ['editor'] } } },
      0,
    );
    assert.deepEqual(next, { _about: 'a', remotes: {}, routes: { '/': { jsWireBytes: 1024, forbid: ['editor'] } } });
  });
});
