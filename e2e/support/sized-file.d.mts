/** Writes `size` bytes to `file`, `chunk` after `chunk` (the last one cut short), waiting whenever the stream is full. */
export declare function writeRepeatedChunk(file: string, size: number, chunk: Uint8Array): Promise<void>;
