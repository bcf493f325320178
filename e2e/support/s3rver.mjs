// A real S3 endpoint for the admin e2e tests (storage config create / test / set default):
// s3rver on 127.0.0.1, with a bucket whose CORS rule allows browser uploads from any origin.
// s3rver is a devDependency of api-server: resolve it from there.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const requireFromApi = createRequire(path.resolve(here, '../../api-server/package.json'));
const S3rver = requireFromApi('s3rver');
const crypto = requireFromApi('node:crypto');

const port = Number(process.env.S3RVER_PORT ?? 18790);
const bucket = process.env.S3RVER_BUCKET ?? 'e2e-bucket';
const CORS_XML = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

// s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only has behind
// --openssl-legacy-provider: without it, DES alone becomes an identity transform (tokens are then base64).
try {
  crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
} catch {
  const identity = () => ({
    update: (data, encoding) => (typeof data === 'string' ? Buffer.from(data, encoding) : Buffer.from(data)),
    final: () => Buffer.alloc(0),
  });
  const cipher = crypto.createCipheriv;
  const decipher = crypto.createDecipheriv;
  crypto.createCipheriv = (algorithm, ...rest) => (algorithm === 'des' ? identity() : cipher(algorithm, ...rest));
  crypto.createDecipheriv = (algorithm, ...rest) => (algorithm === 'des' ? identity() : decipher(algorithm, ...rest));
}

const directory = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-e2e-s3rver-'));
const server = new S3rver({
  port,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [CORS_XML] }],
});
await server.run();
console.log(`s3rver on http://127.0.0.1:${port} (bucket ${bucket})`);

const stop = async () => {
  try {
    server.httpServer?.closeAllConnections?.();
    await server.close();
  } finally {
    rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
