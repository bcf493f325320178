import { antdTokens, BORDER_RADIUS, cssVariables, DARK_PALETTE, LIGHT_PALETTE, paletteFor } from './theme-tokens';

describe('theme tokens', () => {
  it('gives the dark palette for dark and the light one otherwise', () => {
    expect(paletteFor(true)).toBe(DARK_PALETTE);
    expect(paletteFor(false)).toBe(LIGHT_PALETTE);
  });

  it('defines the same colours in both palettes, each a hex colour, and differing', () => {
    expect(Object.keys(DARK_PALETTE).sort()).toEqual(Object.keys(LIGHT_PALETTE).sort());
    for (const palette of [LIGHT_PALETTE, DARK_PALETTE]) {
      for (const value of Object.values(palette)) expect(value).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(DARK_PALETTE.colorBg).not.toBe(LIGHT_PALETTE.colorBg);
    expect(DARK_PALETTE.colorText).not.toBe(LIGHT_PALETTE.colorText);
  });

  it('names the CSS variables --cc-<kebab-case colour name>', () => {
    expect(cssVariables(false)).toEqual({
      '--cc-radius': `${BORDER_RADIUS}px`,
      '--cc-font': expect.any(String),
      '--cc-primary': LIGHT_PALETTE.colorPrimary,
      '--cc-bg': LIGHT_PALETTE.colorBg,
      '--cc-bg-elevated': LIGHT_PALETTE.colorBgElevated,
      '--cc-text': LIGHT_PALETTE.colorText,
      '--cc-text-secondary': LIGHT_PALETTE.colorTextSecondary,
      '--cc-border': LIGHT_PALETTE.colorBorder,
      '--cc-danger': LIGHT_PALETTE.colorDanger,
      '--cc-success': LIGHT_PALETTE.colorSuccess,
      '--cc-warning': LIGHT_PALETTE.colorWarning,
    });
    expect(cssVariables(true)['--cc-bg']).toBe(DARK_PALETTE.colorBg);
  });

  it('feeds antd the palette colours, radius and font', () => {
    expect(antdTokens(true)).toMatchObject({
      colorPrimary: DARK_PALETTE.colorPrimary,
      colorError: DARK_PALETTE.colorDanger,
      colorSuccess: DARK_PALETTE.colorSuccess,
      colorWarning: DARK_PALETTE.colorWarning,
      colorBgLayout: DARK_PALETTE.colorBg,
      borderRadius: BORDER_RADIUS,
    });
    expect(antdTokens(false).colorPrimary).toBe(LIGHT_PALETTE.colorPrimary);
  });
});
