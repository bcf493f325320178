// The files the rclone round trip moves: a tree with a big random file and small files with awkward
// names, written, hashed (manifest) and measured.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MIB } from './settings.mjs';

export const BIG_FILE = 'big file.bin';
/** Small files of the tree: spaces, Unicode (CJK, accents, emoji), characters URLs escape, nesting. */
const SMALL_FILES = {
  'empty.txt': '',
  '报告 2026.txt': '季度报告\n',
  'Ünïcödé/ña ñ.md': '# ña ñ\n',
  '🎉 fiesta/🚀 launch.txt': 'launch\n',
  'nested/one.txt': 'one\n',
  'nested/a/two.txt': 'two\n',
  'nested/a/b/c/deep.txt': 'deep\n',
  '100% & #1 +plus.txt': 'escapes\n',
};
const EMPTY_FOLDER = 'empty folder';

/** A file of `megabytes` MiB of random bytes, written 1 MiB at a time (never held in memory). */
export async function writeRandomFile(file, megabytes) {
  let left = megabytes;
  const source = new Readable({
    read() {
      if (left <= 0) return this.push(null);
      left -= 1;
      this.push(randomBytes(MIB));
    },
  });
  await pipeline(source, createWriteStream(file));
}

/** The round trip's tree; without the big file when `bigMb` is 0. */
export async function makeTree(root, bigMb) {
  mkdirSync(root, { recursive: true });
  if (bigMb > 0) await writeRandomFile(path.join(root, BIG_FILE), bigMb);
  for (const [name, content] of Object.entries(SMALL_FILES)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  mkdirSync(path.join(root, EMPTY_FOLDER), { recursive: true });
}

async function sha256File(file) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** relative path → sha256 (files, streamed) or 'dir' (folders), for the whole tree under `root`. */
export async function manifestOf(root) {
  const manifest = new Map();
  const walk = async (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        manifest.set(relative, 'dir');
        await walk(full);
      } else {
        manifest.set(relative, await sha256File(full));
      }
    }
  };
  await walk(root);
  return manifest;
}

export function treeBytes(root) {
  let total = 0;
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}
