/** What the badge needs of an entry: a listing's item or a search hit. */
export interface IconEntry {
  name: string;
  isDirectory: boolean;
  /** A mount shown above the mounts (listings of `/` only). */
  isVirtual?: boolean;
}

const GROUPS: Array<[RegExp, string]> = [
  [/\.(png|jpe?g|gif|webp|avif|bmp|ico|svg)$/i, 'IMG'],
  [/\.(mp4|webm|ogv|mov|m4v)$/i, 'VID'],
  [/\.(mp3|wav|ogg|oga|m4a|aac|flac|opus)$/i, 'AUD'],
  [/\.pdf$/i, 'PDF'],
  [/\.(md|markdown|mdown|mkd|mdwn|mdtxt|mdtext|rmd)$/i, 'MD'],
  [/\.(zip|tar|gz|tgz|7z|rar|bz2|xz)$/i, 'ZIP'],
];

/** A small typed badge (decorative: the name says it all). */
export function FileIcon({ item, large }: { item: IconEntry; large?: boolean }) {
  const virtual = item.isVirtual === true;
  let label = 'FILE';
  let kind = 'file';
  if (item.isDirectory) {
    label = virtual ? '⛁' : '▰';
    kind = virtual ? 'mount' : 'folder';
  } else {
    for (const [pattern, text] of GROUPS) if (pattern.test(item.name)) label = text;
  }
  return (
    <span className={`ce-icon ce-icon--${kind}${large ? ' ce-icon--large' : ''}`} aria-hidden="true">
      {label}
    </span>
  );
}
