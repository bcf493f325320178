/** A streamed body read to its end: its chunks in order and their total length in bytes. */
export interface ReadChunks {
  chunks: Uint8Array[];
  loaded: number;
}

/**
 * Reads a response body chunk by chunk to its end. After each chunk `onChunk` gets the bytes read so
 * far (for progress, or a size limit: what it throws ends the read and rejects the promise).
 */
export async function readBodyChunks(body: ReadableStream<Uint8Array>, onChunk?: (loaded: number) => void): Promise<ReadChunks> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { chunks, loaded };
    chunks.push(value);
    loaded += value.byteLength;
    onChunk?.(loaded);
  }
}
