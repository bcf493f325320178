import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A countdown that runs `onDone` after `delayMs` (ticking every second). If the component goes away
 * first, `onDone` still runs right away: the logout it stands for must not be lost.
 */
export function useLogoutCountdown(delayMs: number, onDone: () => void): { secondsLeft: number | null; start: () => void } {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const deadline = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  const finish = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    if (deadline.current === null) return;
    deadline.current = null;
    done.current();
  }, []);

  const start = useCallback(() => {
    deadline.current = Date.now() + delayMs;
    setSecondsLeft(Math.ceil(delayMs / 1000));
    if (timer.current) clearInterval(timer.current);
    timer.current = setInterval(() => {
      const left = (deadline.current ?? 0) - Date.now();
      if (left <= 0) finish();
      else setSecondsLeft(Math.ceil(left / 1000));
    }, 250);
  }, [delayMs, finish]);

  useEffect(() => finish, [finish]);
  return { secondsLeft, start };
}
