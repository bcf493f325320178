import { parseCommandLine, parseTypeFilter } from './args';
import { CliError } from './errors';
import { t as translate } from './i18n/messages';
import { expiresAtFrom, expiresInHours, parseShareOptions } from './share-options';

const t = (key: string, vars?: Record<string, string | number>): string => translate('en-US', key, vars);

function usageOf(fn: () => unknown): CliError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).kind).toBe('usage');
    expect((error as CliError).exitCode).toBe(2);
    return error as CliError;
  }
  throw new Error('expected a usage error');
}

describe('parseCommandLine', () => {
  it('reads global flags before and after the command', () => {
    const parsed = parseCommandLine(['--server', 'http://x', '-q', 'paste', 'notes.md', '--json', '-y', '--key', 'K'], t);
    expect(parsed.command).toBe('paste');
    expect(parsed.positionals).toEqual(['notes.md']);
    expect(parsed.globals).toMatchObject({ server: 'http://x', key: 'K', quiet: true, json: true, yes: true, debug: false });
  });

  it('reads every paste flag, --tag repeatable', () => {
    const parsed = parseCommandLine(
      [
        'paste',
        '-',
        '--encrypt',
        '--burn',
        '--qr',
        '--password',
        'pw',
        '--expires',
        '7d',
        '--max-views',
        '3',
        '--slug',
        'my-note',
        '--remark',
        'r',
        '--tag',
        'a',
        '--tag',
        'b',
      ],
      t,
    );
    expect(parsed.positionals).toEqual(['-']);
    expect(parsed.values).toEqual({
      encrypt: true,
      burn: true,
      qr: true,
      password: 'pw',
      expires: '7d',
      'max-views': '3',
      slug: 'my-note',
      remark: 'r',
      tag: ['a', 'b'],
    });
  });

  it('reads get, ls, rm and upload flags', () => {
    expect(parseCommandLine(['get', 'abc', '-o', 'out.txt', '--password', 'p'], t).values).toEqual({ output: 'out.txt', password: 'p' });
    expect(parseCommandLine(['ls', '--search', 'q', '--tag', 'x', '--type', 'file'], t).values).toEqual({
      search: 'q',
      tag: 'x',
      type: 'file',
    });
    expect(parseCommandLine(['rm', 'a', 'b', '--type', 'paste'], t)).toMatchObject({ positionals: ['a', 'b'], values: { type: 'paste' } });
    expect(parseCommandLine(['upload', 'f1', 'f2', '--storage', 's3', '--expires', '1h'], t)).toMatchObject({
      positionals: ['f1', 'f2'],
      values: { storage: 's3', expires: '1h' },
    });
  });

  it('-h and --help and --version without a command', () => {
    expect(parseCommandLine(['-h'], t).globals.help).toBe(true);
    expect(parseCommandLine(['get', '--help'], t)).toMatchObject({ command: 'get', globals: { help: true } });
    expect(parseCommandLine(['--version'], t).globals.version).toBe(true);
  });

  it('refuses unknown commands, unknown options and missing values with one-line usage errors', () => {
    expect(usageOf(() => parseCommandLine(['frobnicate'], t)).message).toBe('unknown command "frobnicate"');
    expect(usageOf(() => parseCommandLine(['paste', '--bogus'], t)).message).toBe('unknown option --bogus');
    expect(usageOf(() => parseCommandLine(['--nope', 'ls'], t)).message).toBe('unknown option --nope');
    expect(usageOf(() => parseCommandLine(['paste', '--expires'], t)).message).toBe('option --expires needs a value');
    // A flag of another command is unknown here.
    expect(usageOf(() => parseCommandLine(['ls', '--encrypt'], t)).message).toBe('unknown option --encrypt');
  });

  it('--type accepts only paste or file', () => {
    expect(parseTypeFilter('paste', t)).toBe('paste');
    expect(parseTypeFilter(undefined, t)).toBeUndefined();
    expect(usageOf(() => parseTypeFilter('dir', t)).message).toContain('"dir"');
  });
});

describe('parseShareOptions', () => {
  it('accepts each --expires value and nothing else', () => {
    for (const value of ['1h', '1d', '7d', '30d', 'never']) {
      expect(parseShareOptions({ expires: value }, t).expires).toBe(value);
    }
    for (const value of ['2d', '1w', '', 'NEVER']) {
      expect(usageOf(() => parseShareOptions({ expires: value }, t)).message).toContain('--expires must be one of');
    }
  });

  it('--max-views must be a positive integer', () => {
    expect(parseShareOptions({ 'max-views': '5' }, t).maxViews).toBe(5);
    for (const value of ['0', '-1', '2.5', 'ten', '']) {
      expect(usageOf(() => parseShareOptions({ 'max-views': value }, t)).message).toContain('--max-views');
    }
  });

  it('--slug follows the contract rule', () => {
    expect(parseShareOptions({ slug: 'A_b-9' }, t).slug).toBe('A_b-9');
    expect(usageOf(() => parseShareOptions({ slug: 'a b' }, t)).message).toContain('--slug');
    expect(usageOf(() => parseShareOptions({ slug: 'a/b' }, t)).message).toContain('--slug');
  });

  it('--tag values are normalised and checked like the server does', () => {
    expect(parseShareOptions({ tag: ['  work  notes ', 'Work notes', 'b'] }, t).tags).toEqual(['work notes', 'b']);
    expect(usageOf(() => parseShareOptions({ tag: ['a,b'] }, t)).message).toContain('commas');
    expect(usageOf(() => parseShareOptions({ tag: ['   '] }, t)).message).toContain('empty');
    expect(usageOf(() => parseShareOptions({ tag: ['x'.repeat(33)] }, t)).message).toContain('32');
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect(usageOf(() => parseShareOptions({ tag: eleven }, t)).message).toContain('10');
  });

  it('keeps password, remark and burn; drops empty ones', () => {
    expect(parseShareOptions({ password: 'pw', remark: 'note', burn: true }, t)).toEqual({ password: 'pw', remark: 'note', burn: true });
    expect(parseShareOptions({ password: '', remark: '  ' }, t)).toEqual({});
  });

  it('expiresInHours and expiresAtFrom', () => {
    expect([expiresInHours('1h'), expiresInHours('1d'), expiresInHours('7d'), expiresInHours('30d')]).toEqual([1, 24, 168, 720]);
    expect(expiresInHours('never')).toBe(0);
    expect(expiresInHours(undefined)).toBe(0);
    const now = new Date('2026-01-01T00:00:00.000Z');
    expect(expiresAtFrom('1d', now)).toBe('2026-01-02T00:00:00.000Z');
    expect(expiresAtFrom('never', now)).toBeNull();
  });
});
