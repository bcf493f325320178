import { deferred } from '@cloudclip/shared-kernel/testing/deferred';
import { runPool } from './run-pool';

test('never runs more than `concurrency` tasks at once and keeps results in order', async () => {
  let running = 0;
  let peak = 0;
  const gates = Array.from({ length: 7 }, () => deferred<void>());
  const tasks = gates.map((gate, index) => async () => {
    running += 1;
    peak = Math.max(peak, running);
    await gate.promise;
    running -= 1;
    return index * 10;
  });
  const done = runPool(tasks, 3);
  for (const gate of gates) {
    await Promise.resolve();
    gate.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await expect(done).resolves.toEqual([0, 10, 20, 30, 40, 50, 60]);
  expect(peak).toBe(3);
});

test('stops starting tasks after the first failure and rejects with it', async () => {
  const started: number[] = [];
  const tasks = [0, 1, 2, 3, 4].map((index) => async () => {
    started.push(index);
    if (index === 1) throw new Error('part 2 failed');
    return index;
  });
  await expect(runPool(tasks, 1)).rejects.toThrow('part 2 failed');
  expect(started).toEqual([0, 1]);
});

test('an aborted signal stops the pool', async () => {
  const controller = new AbortController();
  const started: number[] = [];
  const tasks = [0, 1, 2].map((index) => async () => {
    started.push(index);
    controller.abort(new Error('cancelled'));
    return index;
  });
  await expect(runPool(tasks, 1, controller.signal)).rejects.toThrow('cancelled');
  expect(started).toEqual([0]);
});
