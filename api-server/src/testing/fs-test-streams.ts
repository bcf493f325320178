import type { ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';

/** Reads a whole stream into memory (tests of small objects only). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Answers 200 with an octet-stream body of `total` bytes (Content-Length set), written as chunks
 * of `chunkBytes` bytes of `fill` and waiting for 'drain' when the socket is full.
 */
export function sendFilledBody(response: ServerResponse, total: number, chunkBytes: number, fill: number): void {
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(total) });
  writeRepeated(response, Buffer.alloc(chunkBytes, fill), total);
}

/**
 * Writes `chunk` to `stream` again and again until at least `total` bytes are written (whole
 * chunks), waiting for 'drain' when it is full, then ends it.
 */
export function writeRepeated(stream: Writable, chunk: Buffer, total: number): void {
  let sent = 0;
  const pump = (): void => {
    while (sent < total) {
      sent += chunk.length;
      if (!stream.write(chunk)) {
        stream.once('drain', pump);
        return;
      }
    }
    stream.end();
  };
  pump();
}
