import { useEffect, useState } from 'react';
import { elementUrl } from './source';
import type { FileSource } from './types';

/**
 * The address an <img>, <video> or <audio> loads the file from (elementUrl), made when the source
 * changes and released when it changes again or the viewer goes; null until made. A source that
 * cannot be shown by address goes to onError.
 */
export function useElementUrl(source: FileSource, onError: (error: unknown) => void): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let element: { url: string; release: () => void };
    try {
      element = elementUrl(source);
    } catch (error) {
      onError(error);
      return undefined;
    }
    setUrl(element.url);
    return () => element.release();
  }, [source, onError]);
  return url;
}
