/**
 * Design tokens shared by every app. Plain values (no antd import here): apps that use antd feed
 * `antdTokens` to their ConfigProvider with the dark or default algorithm; others use the CSS variables.
 */
export interface ThemePalette {
  colorPrimary: string;
  colorBg: string;
  colorBgElevated: string;
  colorText: string;
  colorTextSecondary: string;
  colorBorder: string;
  colorDanger: string;
  colorSuccess: string;
  colorWarning: string;
}

export const LIGHT_PALETTE: ThemePalette = {
  colorPrimary: '#2563eb',
  colorBg: '#f6f7f9',
  colorBgElevated: '#ffffff',
  colorText: '#1f2328',
  colorTextSecondary: '#57606a',
  colorBorder: '#d0d7de',
  colorDanger: '#cf222e',
  colorSuccess: '#1a7f37',
  colorWarning: '#9a6700',
};

export const DARK_PALETTE: ThemePalette = {
  colorPrimary: '#4f8ff7',
  colorBg: '#0d1117',
  colorBgElevated: '#161b22',
  colorText: '#e6edf3',
  colorTextSecondary: '#9198a1',
  colorBorder: '#30363d',
  colorDanger: '#f85149',
  colorSuccess: '#3fb950',
  colorWarning: '#d29922',
};

export const BORDER_RADIUS = 8;
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function paletteFor(dark: boolean): ThemePalette {
  return dark ? DARK_PALETTE : LIGHT_PALETTE;
}

/** Seed tokens for antd's ConfigProvider `theme.token`. */
export function antdTokens(dark: boolean): Record<string, string | number> {
  const palette = paletteFor(dark);
  return {
    colorPrimary: palette.colorPrimary,
    colorError: palette.colorDanger,
    colorSuccess: palette.colorSuccess,
    colorWarning: palette.colorWarning,
    colorBgLayout: palette.colorBg,
    borderRadius: BORDER_RADIUS,
    fontFamily: FONT_FAMILY,
  };
}

/** CSS custom properties (`--cc-*`) for apps styled with plain CSS. */
export function cssVariables(dark: boolean): Record<string, string> {
  const palette = paletteFor(dark);
  const vars: Record<string, string> = { '--cc-radius': `${BORDER_RADIUS}px`, '--cc-font': FONT_FAMILY };
  for (const [name, value] of Object.entries(palette)) {
    vars[
      `--cc-${name
        .replace(/^color/, '')
        .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
        .replace(/^-/, '')}`
    ] = value;
  }
  return vars;
}
