import { addListeners } from './listeners';

test('calls each listener for its own event type until removed', () => {
  const target = new EventTarget();
  const calls: string[] = [];
  const remove = addListeners(target, { drop: () => calls.push('drop'), dragover: (event) => calls.push(event.type) });
  target.dispatchEvent(new Event('drop'));
  target.dispatchEvent(new Event('dragover'));
  target.dispatchEvent(new Event('dragend'));
  expect(calls).toEqual(['drop', 'dragover']);

  remove();
  target.dispatchEvent(new Event('drop'));
  target.dispatchEvent(new Event('dragover'));
  expect(calls).toEqual(['drop', 'dragover']);
});

test('removes the same listener objects it added', () => {
  const target = { addEventListener: jest.fn(), removeEventListener: jest.fn() };
  const flush = () => undefined;
  addListeners(target, { pagehide: flush, beforeunload: flush })();
  expect(target.addEventListener.mock.calls).toEqual([
    ['pagehide', flush],
    ['beforeunload', flush],
  ]);
  expect(target.removeEventListener.mock.calls).toEqual(target.addEventListener.mock.calls);
});
