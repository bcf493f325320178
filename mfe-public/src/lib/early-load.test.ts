import type { Kernel } from '@cloudclip/shared-kernel';
import { createEarlyLoad } from './early-load';

const kernel = {} as Kernel;

test('one request per slug until the page has used it; another slug replaces it; a failure is not unhandled', async () => {
  const load = jest.fn(async (_kernel: Kernel, slug: string) => {
    if (slug === 'bad') throw new Error('404');
    return `details of ${slug}`;
  });
  const early = createEarlyLoad(load);
  expect(early.started('a')).toBeNull();
  early.start(kernel, 'a');
  early.start(kernel, 'a');
  expect(load).toHaveBeenCalledTimes(1);
  const started = early.started('a');
  expect(early.started('b')).toBeNull();
  await expect(started).resolves.toBe('details of a');
  early.forget(started as Promise<string>);
  expect(early.started('a')).toBeNull();

  early.start(kernel, 'bad');
  expect(early.started('a')).toBeNull();
  await expect(early.started('bad')).rejects.toThrow('404');
});

test('the answer is at hand once it has arrived, for its key only, and not after a failure or once used', async () => {
  let resolve: (value: string) => void = () => undefined;
  const early = createEarlyLoad((_kernel: Kernel, key: string) =>
    key === 'bad' ? Promise.reject(new Error('404')) : new Promise<string>((done) => (resolve = done)),
  );
  early.start(kernel, 'a');
  expect(early.settled('a')).toBeNull();
  resolve('text of a');
  await early.started('a');
  expect(early.settled('a')).toEqual({ value: 'text of a' });
  expect(early.settled('b')).toBeNull();
  early.forget(early.started('a') as Promise<string>);
  expect(early.settled('a')).toBeNull();

  early.start(kernel, 'bad');
  await expect(early.started('bad')).rejects.toThrow('404');
  expect(early.settled('bad')).toBeNull();
});
