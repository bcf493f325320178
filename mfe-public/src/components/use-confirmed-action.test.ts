import { act, renderHook } from '@testing-library/react';
import { useConfirmedAction } from './use-confirmed-action';

test('runs the action only when confirmed, busy meanwhile, and closes when it is done', async () => {
  let finish: () => void = () => undefined;
  const action = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const { result } = renderHook(() => useConfirmedAction(action));
  expect(result.current.dialog.open).toBe(false);
  act(() => result.current.ask());
  expect(result.current.dialog.open).toBe(true);
  expect(action).not.toHaveBeenCalled();
  act(() => result.current.dialog.onConfirm());
  expect(result.current.dialog.busy).toBe(true);
  await act(async () => finish());
  expect(action).toHaveBeenCalledTimes(1);
  expect(result.current.dialog).toMatchObject({ open: false, busy: false, error: null });
});

test('a failure keeps the dialog open with its message; cancel closes it and clears the message', async () => {
  const { result } = renderHook(() =>
    useConfirmedAction(
      () => Promise.reject(new Error('gone')),
      (error) => `could not delete: ${(error as Error).message}`,
    ),
  );
  act(() => result.current.ask());
  await act(async () => result.current.dialog.onConfirm());
  expect(result.current.dialog).toMatchObject({ open: true, busy: false, error: 'could not delete: gone' });
  act(() => result.current.dialog.onCancel());
  expect(result.current.dialog).toMatchObject({ open: false, error: null });
});
