import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

function deferredModule() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<{ default: typeof Greeting }>((res, rej) => {
    resolve = () => res({ default: Greeting });
    reject = rej;
  });
  return { load: jest.fn(() => promise), resolve, reject };
}

test('a page preloaded before its first render appears in that render: no Suspense fallback is ever shown', async () => {
  const chunk = deferredModule();
  const Page = lazyPage(chunk.load);
  const preloaded = Page.preload();
  chunk.resolve();
  await preloaded;
  render(
    <Suspense fallback={<p>loading</p>}>
      <Page name="ada" />
    </Suspense>,
  );
  // Synchronously, right after the first render.
  expect(screen.getByText('hello ada')).toBeTruthy();
  expect(screen.queryByText('loading')).toBeNull();
  expect(chunk.load).toHaveBeenCalledTimes(1);
});

test('a page that was not preloaded suspends like React.lazy, and loads its chunk once', async () => {
  const chunk = deferredModule();
  const Page = lazyPage(chunk.load);
  render(
    <Suspense fallback={<p>loading</p>}>
      <Page name="bo" />
    </Suspense>,
  );
  expect(screen.getByText('loading')).toBeTruthy();
  await act(async () => chunk.resolve());
  expect(await screen.findByText('hello bo')).toBeTruthy();
  await Page.preload();
  expect(chunk.load).toHaveBeenCalledTimes(1);
});

test('a failed preload is reported to the caller and the next attempt loads again', async () => {
  const failing = jest
    .fn<Promise<{ default: typeof Greeting }>, []>()
    .mockRejectedValueOnce(new Error('chunk failed'))
    .mockResolvedValue({ default: Greeting });
  const Page = lazyPage(failing);
  await expect(Page.preload()).rejects.toThrow('chunk failed');
  await Page.preload();
  render(<Page name="cy" />);
  expect(screen.getByText('hello cy')).toBeTruthy();
  expect(failing).toHaveBeenCalledTimes(2);
});
