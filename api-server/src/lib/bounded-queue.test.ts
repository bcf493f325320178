import { BoundedQueue, QueueFullError } from './bounded-queue';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks, lets `maxWaiting` wait in order and refuses the rest at once', async () => {
    const queue = new BoundedQueue(2, 2);
    const gates = Array.from({ length: 4 }, () => deferred());
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(queue.active).toBe(2);
    expect(queue.queued).toBe(2);
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFullError);

    gates[0]?.resolve();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(queue.active).toBe(2);

    for (const gate of gates) gate.resolve();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2, 3]);
    expect(queue.active).toBe(0);
    expect(queue.queued).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
