import { markdownWorkerUrl, spawnMarkdownWorker } from './markdown-worker-spawn';

class RecordingWorker {
  static created: RecordingWorker[] = [];
  readonly listeners = new Map<string, () => void>();
  constructor(
    readonly url: string | URL,
    readonly options: WorkerOptions,
  ) {
    RecordingWorker.created.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
}

const globals = globalThis as unknown as { __webpack_public_path__?: string; Worker?: unknown };
const blobs: Blob[] = [];

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  RecordingWorker.created = [];
  blobs.length = 0;
  globals.Worker = RecordingWorker;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:http://localhost/bootstrap-1';
  });
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => {
  delete globals.Worker;
  delete globals.__webpack_public_path__;
});

describe('spawnMarkdownWorker', () => {
  it('loads the worker from the remote’s own folder when the remote is served by the page’s origin', () => {
    globals.__webpack_public_path__ = '/remotes/mfe-public/1.4.0/';
    expect(markdownWorkerUrl().href).toBe('http://localhost/remotes/mfe-public/1.4.0/markdown-worker.js');
    spawnMarkdownWorker();
    expect(RecordingWorker.created).toHaveLength(1);
    expect(String(RecordingWorker.created[0]!.url)).toBe('http://localhost/remotes/mfe-public/1.4.0/markdown-worker.js');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('starts the worker from a same-origin blob: script that imports it when the remote comes from another origin', async () => {
    globals.__webpack_public_path__ = 'https://cdn.example/remotes/mfe-public/1.4.0/';
    spawnMarkdownWorker();
    const worker = RecordingWorker.created[0]!;
    expect(worker.url).toBe('blob:http://localhost/bootstrap-1');
    expect(await textOf(blobs[0]!)).toBe('importScripts("https://cdn.example/remotes/mfe-public/1.4.0/markdown-worker.js");');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    worker.listeners.get('message')!();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/bootstrap-1');
  });

  it('gives no worker where there is no Worker', () => {
    delete globals.Worker;
    expect(spawnMarkdownWorker()).toBeNull();
  });
});
