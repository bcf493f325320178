import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3 server (s3rver) in this process on 127.0.0.1 and a random port, for storage tests.
 * Credentials are s3rver's built-in pair; V4 signatures are accepted without being recomputed.
 */

export const S3RVER_ACCESS_KEY_ID = 'S3RVER';
export const S3RVER_SECRET_ACCESS_KEY = 'S3RVER';
/** A bucket with a CORS rule that allows browser uploads from any origin. */
export const S3RVER_BUCKET = 'test-bucket';
/** A bucket without any CORS configuration (pre-flights fail). */
export const S3RVER_BUCKET_WITHOUT_CORS = 'no-cors-bucket';

/** The CORS rule of {@link S3RVER_BUCKET}, by element: browser uploads from any origin, their ETag readable. */
const BROWSER_UPLOAD_CORS_RULE: Record<string, readonly (string | number)[]> = {
  AllowedOrigin: ['*'],
  AllowedMethod: ['GET', 'PUT', 'HEAD'],
  AllowedHeader: ['*'],
  ExposeHeader: ['ETag'],
  MaxAgeSeconds: [3000],
};

/** A bucket's CORS configuration document with the one rule `rule`, as s3rver reads it at start. */
function corsConfigurationXml(rule: Record<string, readonly (string | number)[]>): string {
  const elements = Object.entries(rule).flatMap(([name, values]) => values.map((value) => `<${name}>${value}</${name}>`));
  return `<CORSConfiguration><CORSRule>${elements.join('')}</CORSRule></CORSConfiguration>`;
}

export interface S3rverHandle {
  /** `http://127.0.0.1:<port>` (use path-style addressing). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** How each object was written, in order (`ObjectCreated:Put`, `…:CompleteMultipartUpload`, `…:Copy`), from s3rver's events. */
  created: Array<{ event: string; key: string }>;
  stop(): Promise<void>;
}

type CipherFactory = (algorithm: string, ...rest: unknown[]) => unknown;
interface MutableCrypto {
  createCipheriv: CipherFactory;
  createDecipheriv: CipherFactory;
}

let patchUsers = 0;
let restoreCrypto: (() => void) | undefined;

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only offers with
 * `--openssl-legacy-provider`. Without that flag, DES (and nothing else) is replaced by an identity
 * transform while a server runs: tokens are then merely base64, which s3rver decodes all the same.
 */
function enableContinuationTokens(): void {
  patchUsers += 1;
  if (patchUsers > 1 || restoreCrypto) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- patches node:crypto's CommonJS exports object, which an import binding cannot do
  const cryptoModule = require('node:crypto') as MutableCrypto & typeof import('node:crypto');
  try {
    cryptoModule.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return; // the legacy provider is loaded: nothing to do
  } catch {
    // patch below
  }
  const identity = () => ({
    update: (data: string | Buffer, encoding?: BufferEncoding) =>
      typeof data === 'string' ? Buffer.from(data, encoding) : Buffer.from(data),
    final: () => Buffer.alloc(0),
  });
  const originalCipher = cryptoModule.createCipheriv;
  const originalDecipher = cryptoModule.createDecipheriv;
  cryptoModule.createCipheriv = ((algorithm: string, ...rest: unknown[]) =>
    algorithm === 'des' ? identity() : (originalCipher as CipherFactory)(algorithm, ...rest)) as typeof originalCipher;
  cryptoModule.createDecipheriv = ((algorithm: string, ...rest: unknown[]) =>
    algorithm === 'des' ? identity() : (originalDecipher as CipherFactory)(algorithm, ...rest)) as typeof originalDecipher;
  restoreCrypto = () => {
    cryptoModule.createCipheriv = originalCipher;
    cryptoModule.createDecipheriv = originalDecipher;
  };
}

function disableContinuationTokens(): void {
  patchUsers = Math.max(0, patchUsers - 1);
  if (patchUsers === 0 && restoreCrypto) {
    restoreCrypto();
    restoreCrypto = undefined;
  }
}

/** Starts s3rver with `test-bucket` (CORS allowed) and `no-cors-bucket`. */
export async function startS3rver(): Promise<S3rverHandle> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [
      { name: S3RVER_BUCKET, configs: [corsConfigurationXml(BROWSER_UPLOAD_CORS_RULE)] },
      { name: S3RVER_BUCKET_WITHOUT_CORS },
    ],
  });
  const created: S3rverHandle['created'] = [];
  server.on('event', (event: { Records?: Array<{ eventName: string; s3: { object: { key: string } } }> }) => {
    for (const record of event.Records ?? []) created.push({ event: record.eventName, key: decodeURIComponent(record.s3.object.key) });
  });
  enableContinuationTokens();
  let address;
  try {
    address = await server.run();
  } catch (error) {
    disableContinuationTokens();
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket: S3RVER_BUCKET,
    accessKeyId: S3RVER_ACCESS_KEY_ID,
    secretAccessKey: S3RVER_SECRET_ACCESS_KEY,
    created,
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      disableContinuationTokens();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Registers hooks that start s3rver once for the suite when `needed` and stop it after the suite;
 * the returned function gives its handle (undefined when not needed or not yet started).
 */
export function s3rverForSuite(needed: boolean): () => S3rverHandle | undefined {
  let handle: S3rverHandle | undefined;
  beforeAll(async () => {
    if (needed) handle = await startS3rver();
  });
  afterAll(async () => {
    await handle?.stop();
  });
  return () => handle;
}
