import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createKernel, type Kernel, type Language } from '@cloudclip/shared-kernel';
import { shellResources } from '../../../i18n/shell-resources';
import { EnvSwitcher } from './env-switcher';
import { memoryStorage } from '@cloudclip/shared-kernel/testing/memory-storage';

function renderSwitcher(options: { stored?: Record<string, string>; backendUrl?: string; origin?: string; language?: Language } = {}) {
  const storage = memoryStorage({ language: options.language ?? 'en-US', admin_token: 'T0k', ...options.stored });
  const kernel: Kernel = createKernel({
    storage,
    origin: options.origin ?? 'https://clip.example.org',
    appConfig: options.backendUrl ? { backendUrl: options.backendUrl } : {},
    browserLanguages: ['en-US'],
    fetchImpl: jest.fn() as unknown as typeof fetch,
  });
  kernel.i18n.addNamespace('shell', shellResources);
  const reload = jest.fn();
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <EnvSwitcher kernel={kernel} reload={reload} />
    </I18nextProvider>,
  );
  return { kernel, storage, reload };
}

describe('EnvSwitcher', () => {
  it("is titled 'API环境切换' and shows the current address (zh-CN)", () => {
    renderSwitcher({ language: 'zh-CN', stored: { 'vite-api-base-url': 'http://localhost:8787' } });
    expect(screen.getByRole('heading', { name: 'API环境切换' })).toBeInTheDocument();
    expect(screen.getByTestId('env-current')).toHaveTextContent('http://localhost:8787');
    expect(screen.getByRole('button', { name: '本地开发' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '自定义' })).toBeInTheDocument();
  });

  it('shows the address resolved by the kernel, whatever its source', () => {
    renderSwitcher({ backendUrl: 'https://cloudclip-test.example.workers.dev' });
    expect(screen.getByTestId('env-current')).toHaveTextContent('https://cloudclip-test.example.workers.dev');
  });

  it('offers the four presets and a custom button (en-US)', () => {
    renderSwitcher({ stored: { 'vite-api-base-url': 'http://localhost:8787' } });
    for (const name of ['Local development', 'Development worker', 'Test worker', 'Production worker', 'Custom']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('saves a preset address in vite-api-base-url and reloads when a preset is chosen', () => {
    const { storage, reload } = renderSwitcher({ stored: { 'vite-api-base-url': 'http://localhost:8787' } });
    fireEvent.click(screen.getByRole('button', { name: 'Production worker' }));
    expect(storage.data.get('vite-api-base-url')).toBe('https://cloudclip.example.workers.dev');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the custom field closed while the address matches a preset', () => {
    renderSwitcher({ stored: { 'vite-api-base-url': 'http://localhost:8787/' } });
    expect(screen.queryByTestId('env-custom-input')).not.toBeInTheDocument();
  });

  it("reveals an empty input with the placeholder 'enter the API base URL' when custom is chosen", () => {
    const { reload } = renderSwitcher({ language: 'zh-CN', stored: { 'vite-api-base-url': 'http://localhost:8787' } });
    fireEvent.click(screen.getByRole('button', { name: '自定义' }));
    const input = screen.getByPlaceholderText('输入API基础URL');
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: '应用' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('applies the trimmed custom address and reloads', () => {
    const { storage, reload } = renderSwitcher({ stored: { 'vite-api-base-url': 'http://localhost:8787' } });
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByPlaceholderText('Enter the API base URL'), { target: { value: '  https://api.example.net  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(storage.data.get('vite-api-base-url')).toBe('https://api.example.net');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows an error and neither saves nor reloads when the custom address is blank', () => {
    const { storage, reload } = renderSwitcher({ stored: { 'vite-api-base-url': 'http://localhost:8787' } });
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByPlaceholderText('Enter the API base URL'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the API base URL');
    expect(screen.getByPlaceholderText('Enter the API base URL')).toHaveAttribute('aria-invalid', 'true');
    expect(storage.data.get('vite-api-base-url')).toBe('http://localhost:8787');
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears the error once the address is edited', () => {
    renderSwitcher({ stored: { 'vite-api-base-url': 'http://localhost:8787' } });
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Enter the API base URL'), { target: { value: 'h' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the custom field prefilled when the configured address matches no preset', () => {
    renderSwitcher({ origin: 'https://clip.example.org' });
    expect(screen.getByTestId('env-current')).toHaveTextContent('https://clip.example.org');
    expect(screen.getByPlaceholderText('Enter the API base URL')).toHaveValue('https://clip.example.org');
  });

  it('applies a prefilled custom address unchanged', () => {
    const { storage, reload } = renderSwitcher({ stored: { 'vite-api-base-url': 'https://my.backend.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(storage.data.get('vite-api-base-url')).toBe('https://my.backend.test');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
