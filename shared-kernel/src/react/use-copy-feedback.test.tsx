import { act, renderHook } from '@testing-library/react';
import { useCopyFeedback } from './use-copy-feedback';

const writeText = jest.fn<Promise<void>, [string]>();

beforeEach(() => {
  jest.useFakeTimers();
  writeText.mockReset();
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

afterEach(() => jest.useRealTimers());

test('says "copied" for the given time, then idle again; a second copy restarts the wait', async () => {
  writeText.mockResolvedValue(undefined);
  const { result } = renderHook(() => useCopyFeedback(1000));
  expect(result.current.state).toBe('idle');
  await act(async () => {
    expect(await result.current.copy('https://clip.example.org/paste/abc')).toBe(true);
  });
  expect(writeText).toHaveBeenCalledWith('https://clip.example.org/paste/abc');
  expect(result.current.state).toBe('copied');
  act(() => jest.advanceTimersByTime(600));
  await act(async () => {
    await result.current.copy('again');
  });
  act(() => jest.advanceTimersByTime(600));
  expect(result.current.state).toBe('copied');
  act(() => jest.advanceTimersByTime(400));
  expect(result.current.state).toBe('idle');
});

test('says "failed" when neither the Clipboard API nor the fallback could copy', async () => {
  writeText.mockRejectedValue(new Error('denied'));
  document.execCommand = jest.fn(() => false);
  const { result } = renderHook(() => useCopyFeedback());
  await act(async () => {
    expect(await result.current.copy('secret')).toBe(false);
  });
  expect(result.current.state).toBe('failed');
  act(() => jest.advanceTimersByTime(2000));
  expect(result.current.state).toBe('idle');
});
