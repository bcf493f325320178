import './test-env';
import { README_TEXT, sample7z, sampleRar, sampleTar, sampleTgz, sampleZip } from '../../../fixtures/archive.mjs';
import { archiveFormat, openArchive } from './open-archive';

jest.mock('@zip.js/zip.js/lib/zip-core-custom.js', () => jest.requireActual('@zip.js/zip.js'), { virtual: true });

/** A server of one file: GET streams the body; Range answers 206 with the slice. Records each request. */
function serve(file: Uint8Array) {
  const requests: string[] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (_url: string, init?: RequestInit) => {
    const range = (init?.headers as Record<string, string> | undefined)?.Range;
    const match = range ? /bytes=(\d+)-(\d+)/.exec(range) : null;
    const body = match ? file.slice(Number(match[1]), Number(match[2]) + 1) : file;
    requests.push(match ? `range ${match[1]}-${match[2]}` : 'whole');
    return {
      ok: true,
      status: match ? 206 : 200,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-length' ? String(body.length) : null) },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < body.length; i += 1000) controller.enqueue(body.slice(i, i + 1000));
          controller.close();
        },
      }),
      arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength),
    } as unknown as Response;
  });
  return requests;
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('openArchive', () => {
  test('knows a format by its first bytes before its name', () => {
    expect(archiveFormat('misnamed.rar', sampleZip())).toBe('zip');
    expect(archiveFormat('x.zip', sample7z())).toBe('7z');
    expect(archiveFormat('x.zip', sampleRar())).toBe('rar');
    expect(archiveFormat('x.zip', sampleTgz())).toBe('tar.gz');
    expect(archiveFormat('x.bin', sampleTar())).toBe('tar');
    expect(archiveFormat('x.tgz')).toBe('tar.gz');
    expect(archiveFormat('x.TAR.GZ')).toBe('tar.gz');
    expect(archiveFormat('notes.txt', new TextEncoder().encode('just text, not an archive at all'))).toBeNull();
  });

  test('a tar at an address is listed from one stream, and an entry is one range request', async () => {
    const file = sampleTar();
    const requests = serve(file);
    const archive = await openArchive({ name: 'bundle.tar', size: file.length, url: '/api/bundle.tar' });
    expect(requests).toEqual(['whole']);
    const readme = archive.entries.find((entry) => entry.path === 'docs/readme.txt')!;
    expect(await (await archive.extract(readme)).text()).toBe(README_TEXT);
    expect(requests).toEqual(['whole', `range 1024-${1024 + README_TEXT.length - 1}`]);
  });

  test('a small tar.gz at an address is downloaded once, then entries are read from memory', async () => {
    const file = sampleTgz();
    const requests = serve(file);
    const archive = await openArchive({ name: 'bundle.tar.gz', size: file.length, url: '/api/bundle.tar.gz' });
    const readme = archive.entries.find((entry) => entry.path === 'docs/readme.txt')!;
    expect(await (await archive.extract(readme)).text()).toBe(README_TEXT);
    expect(requests).toEqual(['whole']);
  });

  test('a file that is no archive is unsupported', async () => {
    const bytes = new TextEncoder().encode('plain text');
    await expect(openArchive({ name: 'a.txt', size: bytes.length, blob: new Blob([bytes]) })).rejects.toMatchObject({
      reason: 'unsupported',
    });
  });
});
