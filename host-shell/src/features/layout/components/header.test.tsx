import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createKernel, type Kernel, type Language } from '@cloudclip/shared-kernel';
import { shellResources } from '../../../i18n/shell-resources';
import { Footer } from './footer';
import { Header, SOURCE_REPOSITORY_URL } from './header';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';

function makeKernel(language: Language, appConfig: Record<string, string> = {}) {
  const storage = memoryStorage({ language });
  const kernel: Kernel = createKernel({
    storage,
    origin: 'https://clip.example.org',
    appConfig,
    browserLanguages: ['en-US'],
    fetchImpl: jest.fn() as unknown as typeof fetch,
  });
  kernel.i18n.addNamespace('shell', shellResources);
  return { kernel, storage };
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderShell(language: Language, options: { path?: string; appConfig?: Record<string, string>; now?: Date } = {}) {
  const { kernel, storage } = makeKernel(language, options.appConfig);
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <Header kernel={kernel} />
        <LocationProbe />
        <Footer now={options.now ?? new Date(2031, 5, 15)} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { kernel, storage };
}

const nav = () => within(screen.getByRole('navigation', { name: 'main' }));

describe('Header', () => {
  it.each([
    ['links Home, Upload, Mount Explorer and Admin to their routes (en-US)', 'en-US', ['Home', 'Upload', 'Mount Explorer', 'Admin']],
    ['names the nav links in Chinese (zh-CN)', 'zh-CN', ['首页', '上传', '挂载浏览', '管理']],
  ] as const)('%s', (_title, language, names) => {
    renderShell(language);
    const hrefs = ['/', '/upload', '/mount-explorer', '/admin'];
    expect(names.map((name) => nav().getByRole('link', { name }).getAttribute('href'))).toEqual(hrefs);
  });

  it('marks the link of the current area as active', () => {
    renderShell('en-US', { path: '/admin/settings' });
    expect(nav().getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    expect(nav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('links to the source repository in a new tab', () => {
    renderShell('en-US');
    const link = screen.getByRole('link', { name: 'Source code' });
    expect(link).toHaveAttribute('href', SOURCE_REPOSITORY_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('uses the repository address of the runtime settings when there is one', () => {
    renderShell('en-US', { appConfig: { repositoryUrl: 'https://git.example.org/cloudclip' } });
    expect(screen.getByRole('link', { name: 'Source code' })).toHaveAttribute('href', 'https://git.example.org/cloudclip');
  });

  it('opens and closes the mobile menu, reflecting it in aria-expanded and the label', () => {
    renderShell('en-US');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'cc-main-nav');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('labels the menu button in Chinese (zh-CN)', () => {
    renderShell('zh-CN');
    fireEvent.click(screen.getByRole('button', { name: '菜单' }));
    expect(screen.getByRole('button', { name: '关闭菜单' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('navigates with a nav link and closes the open menu', () => {
    renderShell('en-US');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(nav().getByRole('link', { name: 'Upload' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/upload');
    expect(screen.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false');
  });

  it('switches every text to the language chosen in the language switcher and saves it', async () => {
    const { kernel, storage } = renderShell('zh-CN');
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox'), { target: { value: 'en-US' } });
    });
    expect(nav().getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByTestId('site-footer')).toHaveTextContent('All rights reserved.');
    expect(storage.data.get('language')).toBe('en-US');
    expect(kernel.i18n.language).toBe('en-US');
  });

  it('cycles the theme from the toggle and saves it', () => {
    const { kernel, storage } = renderShell('en-US');
    const toggle = screen.getByTestId('theme-toggle');
    expect(toggle).toHaveAttribute('data-mode', 'auto');
    expect(toggle).toHaveAccessibleName('Theme: Auto');
    act(() => {
      fireEvent.click(toggle);
    });
    expect(toggle).toHaveAttribute('data-mode', 'light');
    expect(toggle).toHaveAccessibleName('Theme: Light');
    expect(storage.data.get('themeMode')).toBe('light');
    expect(kernel.theme.snapshot.mode).toBe('light');
  });
});

describe('Footer', () => {
  it('shows the copyright with the year of the given date (en-US)', () => {
    renderShell('en-US', { now: new Date(2031, 5, 15) });
    expect(screen.getByTestId('site-footer')).toHaveTextContent('© 2031 Cloudclip. All rights reserved.');
    expect(screen.getByTestId('site-footer')).toHaveTextContent('Self-hosted online clipboard and file sharing');
  });

  it('shows the copyright with the year of the given date (zh-CN)', () => {
    renderShell('zh-CN', { now: new Date(2029, 0, 1) });
    expect(screen.getByTestId('site-footer')).toHaveTextContent('© 2029 Cloudclip. 保留所有权利。');
    expect(screen.getByTestId('site-footer')).toHaveTextContent('自托管的在线剪贴板与文件分享');
  });

  it('defaults to the current year', () => {
    const { kernel } = makeKernel('en-US');
    render(
      <I18nextProvider i18n={kernel.i18n.i18n}>
        <Footer />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('site-footer')).toHaveTextContent(`© ${new Date().getFullYear()} Cloudclip.`);
  });
});
