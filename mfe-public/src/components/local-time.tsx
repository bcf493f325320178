import { parseApiTimestamp } from '@cloudclip/contract';
import { formatDateTime } from '@cloudclip/shared-kernel';

/**
 * A moment of the API in the reader's time zone and language. Marked `data-local-time`: a page the
 * server rendered (src/server-render) holds it hidden until the page takes over, since the server
 * cannot know the reader's time zone and would show another hour.
 */
export function LocalTime({ value, language }: { value: string | number; language: string }) {
  const date = parseApiTimestamp(value);
  return (
    <time dateTime={date ? date.toISOString() : undefined} data-local-time="">
      {formatDateTime(value, language)}
    </time>
  );
}
