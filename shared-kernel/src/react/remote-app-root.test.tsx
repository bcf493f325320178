import { act, render, screen } from '@testing-library/react';
import { createKernel } from '../kernel';
import { memoryStorage } from '../../testing/memory-storage';
import { useKernel } from './kernel-context';
import { ROUTER_FUTURE, RemoteAppRoot, type RemoteRouterProps } from './remote-app-root';

/** Stands in for BrowserRouter: shows what it was given. */
function FakeRouter({ basename, future, children }: RemoteRouterProps) {
  return (
    <section data-testid="router" data-basename={basename} data-future={JSON.stringify(future)}>
      {children}
    </section>
  );
}

function Origin() {
  return <p data-testid="origin">{useKernel().config.baseUrl}</p>;
}

test('wraps the remote in its root element, the kernel and its router, and follows the dark theme', () => {
  const kernel = createKernel({ appConfig: {}, origin: 'https://clip.example.org', browserLanguages: ['en-US'], storage: memoryStorage() });
  kernel.theme.setMode('light');
  const { container } = render(
    <RemoteAppRoot kernel={kernel} basename="/upload" name="cloudclip_upload" rootClass="cu-root" Router={FakeRouter}>
      <Origin />
    </RemoteAppRoot>,
  );
  const root = container.firstElementChild as HTMLElement;
  expect(root.className).toBe('cc-remote cu-root cc-app');
  expect(root.dataset).toMatchObject({ remote: 'cloudclip_upload', dark: 'false' });
  expect(screen.getByTestId('router').dataset).toMatchObject({ basename: '/upload', future: JSON.stringify(ROUTER_FUTURE) });
  expect(screen.getByTestId('origin').textContent).toBe(kernel.config.baseUrl);

  act(() => kernel.theme.setMode('dark'));
  expect(root.dataset.dark).toBe('true');
});
