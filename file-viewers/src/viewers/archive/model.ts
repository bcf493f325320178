/**
 * The archive viewer's model: the entries an archive lists (whatever its format), the folder tree
 * built from their flat paths, and the bounds a hostile archive meets.
 */

/** Most entries listed; the rest are counted as not shown (a zip bomb of names cannot hang the tab). */
export const MAX_ENTRIES = 100_000;
/** Largest entry taken out of an archive to be shown (uncompressed). */
export const MAX_ENTRY_BYTES = 200 * 1024 * 1024;
/** Longest name kept for display (a hostile name is cut, never parsed as a path on disk). */
const MAX_NAME_LENGTH = 1024;

export interface ArchiveEntry {
  /** Index in the archive's own order (what `extract` is asked for). */
  index: number;
  /** The path as the archive gives it, '/'-separated, without a trailing slash. */
  path: string;
  directory: boolean;
  /** Uncompressed bytes (-1 when unknown). */
  size: number;
  /** Last modification, epoch milliseconds (null when unknown). */
  modified: number | null;
  /** The entry's data is encrypted (a password is asked for). */
  encrypted: boolean;
}

/** The wrong password for an encrypted entry (the form says so and asks again). */
export class WrongPasswordError extends Error {
  constructor() {
    super('wrong password');
    this.name = 'WrongPasswordError';
  }
}

/** A password is needed (and none was given) to take this entry out. */
export class PasswordNeededError extends Error {
  constructor() {
    super('password needed');
    this.name = 'PasswordNeededError';
  }
}

/** An entry that cannot be taken out: too large, or a method the browser cannot undo. */
export class EntryError extends Error {
  constructor(readonly reason: 'too-large' | 'unsupported' | 'damaged') {
    super(reason);
    this.name = 'EntryError';
  }
}

/** An opened archive: its entries and how to take one out. */
export interface ArchiveHandle {
  format: 'zip' | 'tar' | 'tar.gz' | '7z' | 'rar';
  entries: ArchiveEntry[];
  /** More entries than MAX_ENTRIES: the rest are not listed. */
  truncated: boolean;
  /** The entry's bytes (EntryError, WrongPasswordError, PasswordNeededError). */
  extract(entry: ArchiveEntry, password?: string, signal?: AbortSignal): Promise<Blob>;
  close(): void;
}

/**
 * A path as it is shown: control characters replaced, backslashes as separators, runs of slashes
 * collapsed, leading "/" and "./" dropped; "../" stays literally visible (nothing is written to disk).
 */
export function normalisePath(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  let path = raw.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '\ufffd').replace(/\\/g, '/');
  path = path.replace(/\/{2,}/g, '/').replace(/^(?:\.\/|\/)+/, '');
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path.length > MAX_NAME_LENGTH) path = `${path.slice(0, MAX_NAME_LENGTH)}…`;
  return path;
}

export interface FolderNode {
  name: string;
  /** Path from the root ('' for the root). */
  path: string;
  folders: Map<string, FolderNode>;
  files: ArchiveEntry[];
  /** The folder's own entry when the archive lists it (its date). */
  entry: ArchiveEntry | null;
  /** Files below this folder (all depths) and their total size. */
  fileCount: number;
  totalSize: number;
}

function folder(name: string, path: string): FolderNode {
  return { name, path, folders: new Map(), files: [], entry: null, fileCount: 0, totalSize: 0 };
}

export interface ArchiveTree {
  root: FolderNode;
  fileCount: number;
  totalSize: number;
}

/**
 * The folder tree of flat paths: folders an archive implies but does not list are made; an entry
 * listed twice is shown twice (archives may append a newer copy).
 */
export function buildTree(entries: ArchiveEntry[]): ArchiveTree {
  const root = folder('', '');
  for (const entry of entries) {
    const parts = entry.path.split('/').filter((part) => part !== '');
    if (parts.length === 0) continue;
    const folderParts = entry.directory ? parts : parts.slice(0, -1);
    const chain: FolderNode[] = [root];
    let node = root;
    for (const part of folderParts) {
      let next = node.folders.get(part);
      if (!next) {
        next = folder(part, node.path ? `${node.path}/${part}` : part);
        node.folders.set(part, next);
      }
      node = next;
      chain.push(node);
    }
    if (entry.directory) {
      node.entry = entry;
      continue;
    }
    node.files.push(entry);
    const size = Math.max(0, entry.size);
    for (const ancestor of chain) {
      ancestor.fileCount += 1;
      ancestor.totalSize += size;
    }
  }
  return { root, fileCount: root.fileCount, totalSize: root.totalSize };
}

/** The folder at a path of the tree (the root when it is gone). */
export function folderAt(tree: ArchiveTree, path: string): FolderNode {
  let node = tree.root;
  if (!path) return node;
  for (const part of path.split('/')) {
    const next = node.folders.get(part);
    if (!next) return tree.root;
    node = next;
  }
  return node;
}

/** The last part of a path (the name shown in a row). */
export function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(slash + 1) : path;
}

/** A name compare that puts "file2" before "file10", case-insensitively. */
const collator = typeof Intl !== 'undefined' ? new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }) : null;
export function compareNames(a: string, b: string): number {
  return collator ? collator.compare(a, b) : a < b ? -1 : a > b ? 1 : 0;
}
