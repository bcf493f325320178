import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel, createSafeStorage } from '@cloudclip/shared-kernel';
import { App } from './app';
import { NAMESPACE, resources } from '../i18n/resources';

function renderAt(path: string, language: 'zh-CN' | 'en-US') {
  window.localStorage.clear();
  window.localStorage.setItem('language', language);
  window.history.pushState(null, '', path);
  const kernel = createKernel({ storage: createSafeStorage(window.localStorage), origin: 'http://127.0.0.1:8080' });
  kernel.i18n.addNamespace(NAMESPACE, resources);
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <App kernel={kernel} basename="/" />
    </I18nextProvider>,
  );
  return kernel;
}

test('renders its page under the basename in Chinese by default', () => {
  renderAt('/paste/Ab1', 'zh-CN');
  expect(screen.getByRole('heading')).toHaveTextContent('文本分享');
  expect(screen.getByTestId('area-page')).toHaveAttribute('data-page', 'paste');
  expect(screen.getByTestId('area-page')).toHaveTextContent('Ab1');
});

test('follows the kernel language and theme', async () => {
  const kernel = renderAt('/paste/Ab1', 'zh-CN');
  await act(async () => {
    await kernel.i18n.setLanguage('en-US');
  });
  expect(screen.getByRole('heading')).toHaveTextContent('Text share');
  act(() => kernel.theme.setMode('dark'));
  expect(document.querySelector('[data-remote]')).toHaveAttribute('data-dark', 'true');
});

test('has the same text keys in both languages', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}${key}.`))
      : [prefix];
  expect(keys(resources['en-US'])).toEqual(keys(resources['zh-CN']));
});
