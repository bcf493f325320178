import { act, render, screen } from '@testing-library/react';
import { createKernel, type Kernel } from '../kernel';
import { deferred } from '../../testing/deferred';
import { jsonResponse } from '../../testing/json-response';
import { memoryStorage } from '../../testing/memory-storage';
import { KernelProvider } from './kernel-context';
import { useServerFeature } from './use-server-feature';

/** A kernel whose `GET /version` is answered by `answer` (its requests' addresses in `requests`). */
function kernelAnswering(answer: () => Promise<Response>) {
  const requests: string[] = [];
  const kernel = createKernel({
    appConfig: {},
    origin: 'https://clip.example.org',
    browserLanguages: ['en-US'],
    storage: memoryStorage(),
    fetchImpl: (async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return answer();
    }) as typeof fetch,
  });
  return { kernel, requests };
}

function version(features?: unknown): Response {
  return jsonResponse(200, {
    code: 200,
    message: 'ok',
    success: true,
    data: { version: '1.0.0', name: 'cloudclip', environment: 'Docker', storage: 'SQLite', features },
  });
}

function Feature({ name, testId }: { name: string; testId: string }) {
  return <output data-testid={testId}>{String(useServerFeature(name))}</output>;
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

function renderFeatures(kernel: Kernel, names: string[]) {
  return render(
    <KernelProvider kernel={kernel}>
      {names.map((name, index) => (
        <Feature key={index} name={name} testId={`feature-${index}`} />
      ))}
    </KernelProvider>,
  );
}

test('is undefined until the backend answers, then true for a feature it lists and false for one it does not', async () => {
  const reply = deferred<Response>();
  const { kernel } = kernelAnswering(() => reply.promise);
  renderFeatures(kernel, ['search', 'paste-tags']);
  expect(shown('feature-0')).toBe('undefined');
  expect(shown('feature-1')).toBe('undefined');
  await act(async () => {
    reply.resolve(version(['search', 'mount-search']));
    await kernel.serverFeatures();
  });
  expect(shown('feature-0')).toBe('true');
  expect(shown('feature-1')).toBe('false');
});

test('is false for a backend whose version lists no features', async () => {
  const { kernel } = kernelAnswering(async () => version(undefined));
  renderFeatures(kernel, ['search']);
  await act(async () => {
    await kernel.serverFeatures();
  });
  expect(shown('feature-0')).toBe('false');
});

test('is false when the version call fails (an error answer or no network)', async () => {
  const failing = kernelAnswering(async () => jsonResponse(500, { code: 500, message: 'down', success: false }));
  const offline = kernelAnswering(async () => {
    throw new TypeError('Failed to fetch');
  });
  render(
    <>
      <KernelProvider kernel={failing.kernel}>
        <Feature name="search" testId="failing" />
      </KernelProvider>
      <KernelProvider kernel={offline.kernel}>
        <Feature name="search" testId="offline" />
      </KernelProvider>
    </>,
  );
  await act(async () => {
    await Promise.all([failing.kernel.serverFeatures(), offline.kernel.serverFeatures()]);
  });
  expect(shown('failing')).toBe('false');
  expect(shown('offline')).toBe('false');
});

test('many callers share one request, and a component mounted after the answer has it on its first render', async () => {
  const { kernel, requests } = kernelAnswering(async () => version(['search']));
  const { unmount } = renderFeatures(kernel, ['search', 'search', 'mount-search']);
  await act(async () => {
    await kernel.serverFeatures();
  });
  expect([shown('feature-0'), shown('feature-1'), shown('feature-2')]).toEqual(['true', 'true', 'false']);
  unmount();

  const firstRenders: Array<boolean | undefined> = [];
  function Later() {
    const offered = useServerFeature('search');
    if (firstRenders.length === 0) firstRenders.push(offered);
    return null;
  }
  render(
    <KernelProvider kernel={kernel}>
      <Later />
    </KernelProvider>,
  );
  expect(firstRenders).toEqual([true]);
  expect(requests).toEqual(['https://clip.example.org/api/version']);
});

test('a new kernel (a new page load) asks again', async () => {
  const before = kernelAnswering(async () => version([]));
  const { unmount } = renderFeatures(before.kernel, ['search']);
  await act(async () => {
    await before.kernel.serverFeatures();
  });
  expect(shown('feature-0')).toBe('false');
  unmount();
  const after = kernelAnswering(async () => version(['search']));
  renderFeatures(after.kernel, ['search']);
  expect(shown('feature-0')).toBe('undefined');
  await act(async () => {
    await after.kernel.serverFeatures();
  });
  expect(shown('feature-0')).toBe('true');
  expect(after.requests).toHaveLength(1);
});
