import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from '../browser/clipboard';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copy with feedback: `copy(text)` puts it on the clipboard (`copyText`, with its plain-http
 * fallback) and `state` says how that went for `resetAfterMs`, then goes back to idle, so a button
 * can read "Copied" for a moment and a status region can announce it. A later copy restarts the wait.
 */
export function useCopyFeedback(resetAfterMs = 2000): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      setState(copied ? 'copied' : 'failed');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), resetAfterMs);
      return copied;
    },
    [resetAfterMs],
  );
  return { state, copy };
}
