import { decideImport, readImportFile } from './markdown-import';

const MB = 1024 * 1024;

describe('decideImport', () => {
  it.each(['notes.md', 'a.MARKDOWN', 'b.mdown', 'c.mkd', 'd.mdwn', 'e.mdtxt', 'f.mdtext', 'g.Rmd'])(
    'accepts %s into an empty editor',
    (name) => {
      expect(decideImport({ name, size: 10 }, '')).toEqual({ kind: 'import' });
    },
  );

  it('refuses other file types with the list of extensions', () => {
    const decision = decideImport({ name: 'notes.txt', size: 10 }, '');
    expect(decision).toMatchObject({ kind: 'invalid', message: { key: 'validation:markdownImportInvalidType' } });
    expect(decision.kind === 'invalid' && 'params' in decision.message && decision.message.params?.extensions).toContain('.md');
  });

  it('refuses a file of 10 MB or more', () => {
    expect(decideImport({ name: 'big.md', size: 10 * MB }, '')).toMatchObject({
      kind: 'invalid',
      message: { key: 'validation:markdownImportTooLarge', params: { size: '10 MB' } },
    });
    expect(decideImport({ name: 'ok.md', size: 10 * MB - 1 }, '')).toEqual({ kind: 'import' });
  });

  it('asks before overwriting an editor that has content', () => {
    expect(decideImport({ name: 'a.md', size: 1 }, '# existing')).toEqual({ kind: 'confirm' });
    expect(decideImport({ name: 'a.md', size: 1 }, '   \n')).toEqual({ kind: 'import' });
  });
});

describe('readImportFile', () => {
  it('reads UTF-8 text and drops a byte-order mark', async () => {
    const file = new Blob(['\ufeff# 标题\n']);
    if (!('text' in file)) Object.assign(file, { text: async () => '\ufeff# 标题\n' });
    expect(await readImportFile(file)).toBe('# 标题\n');
  });
});
