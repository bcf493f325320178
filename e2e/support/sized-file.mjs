// A large file on disk without holding it in memory: shared by the upload specs
// (upload-fixtures.ts) and the upload benchmark (bench-upload.mjs).
import { createWriteStream } from 'node:fs';

/** Writes `size` bytes to `file`, `chunk` after `chunk` (the last one cut short), waiting whenever the stream is full. */
export async function writeRepeatedChunk(file, size, chunk) {
  await new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('error', reject);
    let written = 0;
    const write = () => {
      while (written < size) {
        const piece = written + chunk.length <= size ? chunk : chunk.subarray(0, size - written);
        written += piece.length;
        if (!out.write(piece)) {
          out.once('drain', write);
          return;
        }
      }
      out.end(resolve);
    };
    write();
  });
}
