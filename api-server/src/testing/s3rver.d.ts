/** Minimal types for the `s3rver` dev dependency (it ships none). */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type { Server } from 'node:http';

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    reset(): void;
    /** S3 event notifications (one `event` per object created or removed, with S3's `Records`). */
    on(event: 'event', listener: (event: { Records?: Array<{ eventName: string; s3: { object: { key: string } } }> }) => void): this;
  }

  export = S3rver;
}
