import { useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { antdTokens, paletteFor, useDarkTheme, useKernel, useLanguage } from '@cloudclip/shared-kernel';

/**
 * WCAG AA contrast on top of the host's tokens: antd's secondary texts (statistic titles, result
 * subtitles, descriptions) are 45 % opaque by default, below 4.5:1.
 */
const CONTRAST_TOKENS = {
  light: { colorTextDescription: 'rgba(0, 0, 0, 0.62)', colorTextTertiary: 'rgba(0, 0, 0, 0.62)' },
  dark: { colorTextDescription: 'rgba(255, 255, 255, 0.65)', colorTextTertiary: 'rgba(255, 255, 255, 0.65)' },
};

/** The dark palette's primary and danger colours are light: solid buttons get dark text on them. */
const DARK_COMPONENTS = { Button: { primaryColor: '#0d1117', dangerColor: '#0d1117' } };

/**
 * This remote is its own React root: the host's providers do not reach it. antd's ConfigProvider
 * (theme algorithm + the kernel's tokens, antd locale) and antd's `App` (for `App.useApp()`
 * message/modal/notification) are set up here from the kernel's streams; pro-components' locale
 * comes with the panel (admin-panel.tsx), the only part that uses pro-components.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const kernel = useKernel();
  const dark = useDarkTheme(kernel);
  const language = useLanguage();
  const themeConfig = useMemo(
    () => ({
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: {
        ...antdTokens(dark),
        ...CONTRAST_TOKENS[dark ? 'dark' : 'light'],
        // Links and info colours follow the host's primary (antd would derive them from its own blue).
        colorLink: paletteFor(dark).colorPrimary,
        colorInfo: paletteFor(dark).colorPrimary,
        // Status texts in the palette's own (contrast-checked) colours, not antd's derived shades.
        colorErrorText: paletteFor(dark).colorDanger,
        colorSuccessText: paletteFor(dark).colorSuccess,
        colorWarningText: paletteFor(dark).colorWarning,
      },
      components: dark ? DARK_COMPONENTS : undefined,
      cssVar: false,
      hashed: true,
    }),
    [dark],
  );
  const zh = language === 'zh-CN';
  return (
    <ConfigProvider locale={zh ? zhCN : enUS} theme={themeConfig}>
      <AntApp className="cc-admin-app" component="div">
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
