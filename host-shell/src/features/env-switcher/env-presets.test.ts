import { ENV_PRESETS, findPreset, shouldShowEnvSwitcher } from './env-presets';

describe('findPreset', () => {
  it('offers local development, development, test and production presets', () => {
    expect(ENV_PRESETS.map((preset) => preset.id)).toEqual(['local', 'dev', 'test', 'prod']);
  });

  it.each(ENV_PRESETS.map((preset) => [preset.address, preset.id]))('recognises %s as %s', (address, id) => {
    expect(findPreset(address)).toBe(id);
  });

  it('ignores surrounding spaces and trailing slashes', () => {
    expect(findPreset('  http://localhost:8787/  ')).toBe('local');
    expect(findPreset('https://cloudclip.example.workers.dev//')).toBe('prod');
  });

  it('returns null for an address matching no preset', () => {
    expect(findPreset('https://clip.example.org')).toBeNull();
    expect(findPreset('http://localhost:8788')).toBeNull();
    expect(findPreset('')).toBeNull();
  });
});

describe('shouldShowEnvSwitcher', () => {
  it('shows the switcher with an admin token and the showEnvSwitcher parameter', () => {
    expect(shouldShowEnvSwitcher('?showEnvSwitcher', true)).toBe(true);
    expect(shouldShowEnvSwitcher('?a=1&showEnvSwitcher=0', true)).toBe(true);
    expect(shouldShowEnvSwitcher('showEnvSwitcher=true', true)).toBe(true);
  });

  it('hides the switcher without an admin token', () => {
    expect(shouldShowEnvSwitcher('?showEnvSwitcher', false)).toBe(false);
  });

  it('hides the switcher without the parameter', () => {
    expect(shouldShowEnvSwitcher('', true)).toBe(false);
    expect(shouldShowEnvSwitcher('?showenvswitcher', true)).toBe(false);
    expect(shouldShowEnvSwitcher('?other=showEnvSwitcher', true)).toBe(false);
  });
});
