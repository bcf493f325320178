import { readFileSync } from 'fs';
import { join } from 'path';
import { cssVariables } from '@cloudclip/shared-kernel';

describe('shell stylesheet', () => {
  it('reads only --cc-* variables that the kernel theme or the stylesheet itself defines', () => {
    const css = readFileSync(join(__dirname, 'shell.css'), 'utf8');
    const used = new Set([...css.matchAll(/var\((--cc-[a-z0-9-]+)/g)].map((match) => match[1] ?? ''));
    const definedHere = new Set([...css.matchAll(/(--cc-[a-z0-9-]+)\s*:/g)].map((match) => match[1] ?? ''));
    const fromTheme = new Set([...Object.keys(cssVariables(false)), ...Object.keys(cssVariables(true))]);
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !fromTheme.has(name) && !definedHere.has(name))).toEqual([]);
  });
});
