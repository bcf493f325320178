import type { FileSource } from '@cloudclip/file-viewers';
import type { FsApi } from '../../../lib/fs-api';
import { joinPath, parentDirectory } from '../../../lib/fs-path';

/** At most this many neighbours get their preview address (one `fs/get` each). */
export const MAX_COMPANIONS = 20;

/** The part of a name before its last dot ("movie.en.srt" → "movie.en"). */
function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).toLowerCase();
}

/**
 * The files next to `path` that belong with it — same name up to its extension, then the end or a
 * separator ("movie.mp4" → "movie.vtt", "movie.en.srt"; not "movie2.vtt") — each with its preview
 * address, for what a viewer takes from its neighbours (a video's subtitles). Asked for only when a
 * viewer calls it: one `fs/list` of the folder, then one `fs/get` per companion (at most
 * MAX_COMPANIONS), never one per file of a large folder.
 */
export function companionsOf(fs: FsApi, path: string, name: string): () => Promise<FileSource[]> {
  let answer: Promise<FileSource[]> | null = null;
  return () => {
    answer ??= (async () => {
      const directory = parentDirectory(path);
      const listing = await fs.list(directory);
      const own = stem(name);
      const companions = listing.items
        .filter((item) => !item.isDirectory && item.name !== name)
        .filter((item) => {
          const lower = item.name.toLowerCase();
          return lower.startsWith(own) && /^(?:$|[._\- ])/.test(lower.slice(own.length));
        })
        .slice(0, MAX_COMPANIONS);
      const infos = await Promise.all(companions.map((item) => fs.get(joinPath(directory, item.name)).catch(() => null)));
      return infos.flatMap((info) =>
        info && !info.isDirectory ? [{ name: info.name, size: info.size, contentType: info.contentType, url: info.preview_url }] : [],
      );
    })();
    return answer;
  };
}
