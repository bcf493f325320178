import { S3Client } from '@aws-sdk/client-s3';
import { normalizeBaseUrl } from './object-url';

export interface S3DriverOptions {
  configId: string;
  endpointUrl: string;
  /** `""` → `auto`. */
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
  customHost: string | null;
  /** Per-request socket timeout (default 30 s). */
  requestTimeoutMs?: number;
}

/**
 * An S3 client for any S3-compatible endpoint. Checksums only when the operation requires them:
 * the SDK's default CRC32 trailers and aws-chunked uploads break R2, B2 and most other providers
 * (and would end up inside presigned URLs).
 */
export function createS3Client(options: S3DriverOptions): S3Client {
  return new S3Client({
    endpoint: options.endpointUrl ? normalizeBaseUrl(options.endpointUrl) : undefined,
    region: options.region.trim() || 'auto',
    forcePathStyle: options.pathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 10_000, requestTimeout: options.requestTimeoutMs ?? 30_000 },
    // The SDK falls back to console.warn for failed streaming requests; failures already reach the
    // caller as errors, so its own chatter is dropped.
    logger: SILENT_SDK_LOGGER,
  });
}

const SILENT_SDK_LOGGER = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
