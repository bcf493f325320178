import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';

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
