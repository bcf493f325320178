import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { DATABASE_FILE_NAME } from '../app';
import { createBackup } from '../backup/create-backup';
import type { TestApp } from './test-app';

/** Test helper: copies the archive `file` to `out` with `change` applied to the bytes of entry `name`. */
export async function rewriteArchive(file: string, out: string, name: string, change: (body: Buffer) => Buffer): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(out));
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    let body: Buffer = Buffer.concat(chunks);
    if (entry.header.name === name) body = change(body);
    pack.entry({ name: entry.header.name }, body);
  }
  await read;
  pack.finalize();
  await written;
}

/** Test helper: the names of the archive's entries, in order. */
export async function archiveEntryNames(file: string): Promise<string[]> {
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  const names: string[] = [];
  for await (const entry of extract) {
    names.push(entry.header.name);
    entry.resume();
  }
  await read;
  return names;
}

/** Test helper: the `source` of a backup of the test app `t` (its data directory and SQLite file). */
export function backupSourceOf(t: TestApp, appSecret: string): { dataDir: string; sqliteFile: string; appSecret: string } {
  return { dataDir: t.dataDir, sqliteFile: path.join(t.dataDir, DATABASE_FILE_NAME), appSecret };
}

/** Test helper: backs up the running test app `source` with its objects to `<work>/backup.tar.gz`; returns that path. */
export async function backUpWithObjects(source: TestApp, appSecret: string, work: string): Promise<string> {
  const archive = path.join(work, 'backup.tar.gz');
  await createBackup({ source: backupSourceOf(source, appSecret), out: archive, objects: true, appVersion: 'test' });
  return archive;
}
