import { buildS3ObjectUrl, encodeKeyPath, normalizeBaseUrl } from './object-url';
import { S3StorageDriver } from './s3-driver';

const base = { endpointUrl: 'https://s3.example.com', bucket: 'media', pathStyle: false, customHost: null };

describe('unsigned object URLs (s3_url)', () => {
  it('builds a virtual-host URL as scheme://bucket.host/key', () => {
    expect(buildS3ObjectUrl(base, 'folder/a.txt')).toBe('https://media.s3.example.com/folder/a.txt');
  });

  it('keeps the endpoint port and scheme in a virtual-host URL and drops the endpoint path', () => {
    expect(buildS3ObjectUrl({ ...base, endpointUrl: 'http://minio.local:9000/ignored/' }, 'k')).toBe('http://media.minio.local:9000/k');
  });

  it('builds a path-style URL as endpoint/bucket/key, without a doubled slash', () => {
    expect(buildS3ObjectUrl({ ...base, pathStyle: true, endpointUrl: 'http://127.0.0.1:9000/' }, 'folder/a.txt')).toBe(
      'http://127.0.0.1:9000/media/folder/a.txt',
    );
  });

  it('uses the custom host without the bucket, or with it for path-style configs', () => {
    expect(buildS3ObjectUrl({ ...base, customHost: 'https://cdn.example.com/' }, 'a.txt')).toBe('https://cdn.example.com/a.txt');
    expect(buildS3ObjectUrl({ ...base, pathStyle: true, customHost: 'cdn.example.com' }, 'a.txt')).toBe(
      'https://cdn.example.com/media/a.txt',
    );
  });

  it('percent-encodes key segments but keeps the slashes, and ignores a leading slash', () => {
    expect(buildS3ObjectUrl(base, '/my folder/中文 #1?.txt')).toBe(
      'https://media.s3.example.com/my%20folder/%E4%B8%AD%E6%96%87%20%231%3F.txt',
    );
    expect(encodeKeyPath("a/it's (1)*.txt")).toBe('a/it%27s%20%281%29%2A.txt');
  });

  it('assumes https for an endpoint without a scheme', () => {
    expect(normalizeBaseUrl('s3.example.com//')).toBe('https://s3.example.com');
    expect(buildS3ObjectUrl({ ...base, endpointUrl: 's3.example.com' }, 'k')).toBe('https://media.s3.example.com/k');
  });

  it('is what the S3 driver answers for objectUrl', () => {
    const driver = new S3StorageDriver({
      configId: 'c',
      endpointUrl: 'https://account.r2.cloudflarestorage.com',
      region: '',
      bucket: 'files',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      pathStyle: true,
      customHost: null,
    });
    expect(driver.objectUrl('x/y.png')).toBe('https://account.r2.cloudflarestorage.com/files/x/y.png');
    driver.destroy();
  });
});
