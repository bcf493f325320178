import { act, render, screen } from '@testing-library/react';
import { createKernel, type Kernel } from '../kernel';
import type { SafeStorage } from '../storage-keys';
import { KernelProvider, useKernel, useLanguage, useSession } from './kernel-context';

function testKernel(): Kernel {
  const data = new Map<string, string>();
  const storage: SafeStorage = {
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
  return createKernel({
    appConfig: {},
    origin: 'https://clip.example.org',
    browserLanguages: ['en-US'],
    storage,
    fetchImpl: (async () => {
      throw new Error('no network in this test');
    }) as typeof fetch,
  });
}

function SessionKind({ kernel }: { kernel?: Kernel }) {
  const session = useSession(kernel);
  return <p data-testid="kind">{session.adminToken ? 'admin' : 'anonymous'}</p>;
}

function LanguageName() {
  return <p data-testid="language">{useLanguage()}</p>;
}

function Origin() {
  return <p>{useKernel().moduleId}</p>;
}

test('components below a KernelProvider get its kernel; outside one, useKernel says what is missing', () => {
  const kernel = testKernel();
  render(
    <KernelProvider kernel={kernel}>
      <Origin />
    </KernelProvider>,
  );
  expect(screen.getByText(kernel.moduleId)).toBeTruthy();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Origin />)).toThrow(/inside <KernelProvider>/);
});

test('useSession follows logins and logouts, from the context or from a kernel passed in (the host)', () => {
  const kernel = testKernel();
  render(
    <>
      <KernelProvider kernel={kernel}>
        <SessionKind />
      </KernelProvider>
      <SessionKind kernel={kernel} />
    </>,
  );
  const kinds = () => screen.getAllByTestId('kind').map((element) => element.textContent);
  expect(kinds()).toEqual(['anonymous', 'anonymous']);
  act(() => kernel.session.loginAdmin('token-1'));
  expect(kinds()).toEqual(['admin', 'admin']);
  act(() => kernel.session.clear());
  expect(kinds()).toEqual(['anonymous', 'anonymous']);
});

test('useLanguage follows the interface language', async () => {
  const kernel = testKernel();
  render(
    <KernelProvider kernel={kernel}>
      <LanguageName />
    </KernelProvider>,
  );
  expect(screen.getByTestId('language').textContent).toBe(kernel.i18n.language);
  const other = kernel.i18n.language === 'en-US' ? 'zh-CN' : 'en-US';
  await act(() => kernel.i18n.setLanguage(other));
  expect(screen.getByTestId('language').textContent).toBe(other);
});
