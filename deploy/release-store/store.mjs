// The release store: immutable releases at <package>/<release>/ (release = the semver core, e.g.
// 0.2.0), each with its files and its release.json descriptor. A folder by default; any
// S3-compatible bucket when RELEASE_STORE is `s3://bucket/optional/prefix`.
import { createReadStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DESCRIPTOR_FILE } from './descriptor.mjs';

const PACKAGE_PATTERN = /^[a-z][a-z0-9-]*$/;
const RELEASE_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export class ReleaseExistsError extends Error {
  constructor(pkg, release) {
    super(`${pkg}@${release} is already released; releases are immutable — bump the version in ${pkg}/package.json`);
    this.name = 'ReleaseExistsError';
  }
}

export function assertReleaseName(pkg, release) {
  if (!PACKAGE_PATTERN.test(pkg)) throw new Error(`Invalid package name: ${pkg}`);
  if (!RELEASE_PATTERN.test(release)) throw new Error(`Invalid release version: ${release}`);
}

/** A relative file path inside a release, refusing anything that could leave it. */
export function safeRelative(relative) {
  const normalised = path.posix.normalize(relative.replace(/^\/+/, ''));
  if (!normalised || normalised.startsWith('..') || normalised.includes('\0') || path.posix.isAbsolute(normalised)) return null;
  return normalised;
}

/**
 * Opens a file below `root` for streaming, refusing paths that would leave it.
 * @returns {Promise<{ stream: NodeJS.ReadableStream, size: number } | null>}
 */
export async function openFileIn(root, relative) {
  const safe = safeRelative(relative);
  if (!safe) return null;
  const file = path.join(root, safe);
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  } catch {
    return null;
  }
}

export class FolderReleaseStore {
  constructor(root) {
    this.root = path.resolve(root);
    this.kind = 'folder';
  }

  describe() {
    return this.root;
  }

  dir(pkg, release) {
    assertReleaseName(pkg, release);
    return path.join(this.root, pkg, release);
  }

  async exists(pkg, release) {
    try {
      await stat(path.join(this.dir(pkg, release), DESCRIPTOR_FILE));
      return true;
    } catch {
      return false;
    }
  }

  /** Copies the released files and writes the descriptor last: a half-copied release is never visible. */
  async put(pkg, release, sourceDir, descriptor) {
    const target = this.dir(pkg, release);
    if (await this.exists(pkg, release)) throw new ReleaseExistsError(pkg, release);
    const staging = `${target}.partial-${process.pid}`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    for (const relative of Object.keys(descriptor.files)) {
      await mkdir(path.dirname(path.join(staging, relative)), { recursive: true });
      await cp(path.join(sourceDir, relative), path.join(staging, relative));
    }
    await writeFile(path.join(staging, DESCRIPTOR_FILE), `${JSON.stringify(descriptor, null, 2)}\n`);
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  }

  async readDescriptor(pkg, release) {
    return JSON.parse(await readFile(path.join(this.dir(pkg, release), DESCRIPTOR_FILE), 'utf8'));
  }

  async listReleases(pkg) {
    try {
      const entries = await readdir(path.join(this.root, pkg), { withFileTypes: true });
      return entries.filter((entry) => entry.isDirectory() && RELEASE_PATTERN.test(entry.name)).map((entry) => entry.name);
    } catch {
      return [];
    }
  }

  /** @returns {Promise<Buffer | null>} */
  async readFile(pkg, release, relative) {
    const safe = safeRelative(relative);
    if (!safe) return null;
    try {
      return await readFile(path.join(this.dir(pkg, release), safe));
    } catch {
      return null;
    }
  }

  /** @returns {Promise<{ stream: NodeJS.ReadableStream, size: number } | null>} */
  async openFile(pkg, release, relative) {
    return openFileIn(this.dir(pkg, release), relative);
  }
}

export class S3ReleaseStore {
  /**
   * @param {{ bucket: string, prefix?: string, endpoint?: string, region?: string, forcePathStyle?: boolean, credentials?: { accessKeyId: string, secretAccessKey: string } }} options
   */
  constructor(options) {
    this.bucket = options.bucket;
    this.prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    this.options = options;
    this.kind = 's3';
    this.clientPromise = null;
  }

  describe() {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  async client() {
    if (!this.clientPromise) {
      this.clientPromise = import('@aws-sdk/client-s3').then((sdk) => ({
        sdk,
        s3: new sdk.S3Client({
          region: this.options.region ?? 'us-east-1',
          endpoint: this.options.endpoint,
          forcePathStyle: this.options.forcePathStyle ?? false,
          credentials: this.options.credentials,
          logger: { debug() {}, info() {}, warn() {}, error() {} },
        }),
      }));
    }
    return this.clientPromise;
  }

  key(pkg, release, relative) {
    assertReleaseName(pkg, release);
    return [this.prefix, pkg, release, relative].filter(Boolean).join('/');
  }

  async getObject(key) {
    const { sdk, s3 } = await this.client();
    try {
      return await s3.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (error?.name === 'NoSuchKey' || error?.$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async exists(pkg, release) {
    const { sdk, s3 } = await this.client();
    try {
      await s3.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.key(pkg, release, DESCRIPTOR_FILE) }));
      return true;
    } catch (error) {
      if (error?.name === 'NotFound' || error?.name === 'NoSuchKey' || error?.$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  /** Uploads the files, then the descriptor: a release without its descriptor does not exist. */
  async put(pkg, release, sourceDir, descriptor) {
    if (await this.exists(pkg, release)) throw new ReleaseExistsError(pkg, release);
    const { sdk, s3 } = await this.client();
    for (const relative of Object.keys(descriptor.files)) {
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(pkg, release, relative),
          Body: await readFile(path.join(sourceDir, relative)),
          ContentType: contentTypeOf(relative),
        }),
      );
    }
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(pkg, release, DESCRIPTOR_FILE),
        Body: `${JSON.stringify(descriptor, null, 2)}\n`,
        ContentType: 'application/json',
      }),
    );
  }

  async readDescriptor(pkg, release) {
    const buffer = await this.readFile(pkg, release, DESCRIPTOR_FILE);
    if (!buffer) throw new Error(`${pkg}@${release} is not in the release store`);
    return JSON.parse(buffer.toString('utf8'));
  }

  async listReleases(pkg) {
    const { sdk, s3 } = await this.client();
    const prefix = `${[this.prefix, pkg].filter(Boolean).join('/')}/`;
    const releases = [];
    let token;
    do {
      const page = await s3.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: '/', ContinuationToken: token }),
      );
      for (const common of page.CommonPrefixes ?? []) {
        const name = common.Prefix.slice(prefix.length).replace(/\/$/, '');
        if (RELEASE_PATTERN.test(name)) releases.push(name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return releases;
  }

  async readFile(pkg, release, relative) {
    const safe = safeRelative(relative);
    if (!safe) return null;
    const object = await this.getObject(this.key(pkg, release, safe));
    if (!object) return null;
    return Buffer.from(await object.Body.transformToByteArray());
  }

  async openFile(pkg, release, relative) {
    const safe = safeRelative(relative);
    if (!safe) return null;
    const object = await this.getObject(this.key(pkg, release, safe));
    if (!object) return null;
    const body = object.Body;
    const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream());
    return { stream, size: Number(object.ContentLength ?? 0) };
  }
}

const CONTENT_TYPES = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  // The archive viewer's libarchive and pdf.js's image decoders: compiled while streaming only as application/wasm.
  '.wasm': 'application/wasm',
};

export function contentTypeOf(relative) {
  return CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * RELEASE_STORE: a folder path (default deploy/releases) or `s3://bucket/prefix`, with
 * RELEASE_STORE_ENDPOINT, RELEASE_STORE_REGION, RELEASE_STORE_FORCE_PATH_STYLE=true and the usual
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or RELEASE_STORE_ACCESS_KEY_ID / _SECRET_ACCESS_KEY).
 */
export function openReleaseStore(spec, env = process.env, defaultFolder) {
  const value = (spec ?? env.RELEASE_STORE ?? '').trim() || defaultFolder;
  if (!value) throw new Error('No release store configured');
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(value);
  if (!match) return new FolderReleaseStore(value);
  const accessKeyId = env.RELEASE_STORE_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.RELEASE_STORE_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY;
  return new S3ReleaseStore({
    bucket: match[1],
    prefix: match[2],
    endpoint: env.RELEASE_STORE_ENDPOINT || undefined,
    region: env.RELEASE_STORE_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: /^(1|true|yes)$/i.test(env.RELEASE_STORE_FORCE_PATH_STYLE ?? ''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
