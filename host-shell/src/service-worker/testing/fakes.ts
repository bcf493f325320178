// In-memory stand-ins for the worker's platform in Node tests: CacheStorage (what the browser keeps
// per origin) and fetch (a fixed set of answers, every call recorded).

interface StoredResponse {
  body: ArrayBuffer;
  status: number;
  statusText: string;
  headers: [string, string][];
}

function keyOf(request: RequestInfo | URL): string {
  const url = typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
  return url.split('#')[0] as string;
}

export class FakeCache implements Cache {
  readonly entries = new Map<string, StoredResponse>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const stored = this.entries.get(keyOf(request));
    if (!stored) return undefined;
    return new Response(stored.body.slice(0), { status: stored.status, statusText: stored.statusText, headers: stored.headers });
  }

  async matchAll(request?: RequestInfo | URL): Promise<readonly Response[]> {
    if (request) {
      const one = await this.match(request);
      return one ? [one] : [];
    }
    return Promise.all([...this.entries.keys()].map(async (key) => (await this.match(key)) as Response));
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    if (response.bodyUsed) throw new TypeError('Response body is already used');
    if (response.status === 206) throw new TypeError('Partial response');
    const body = await response.arrayBuffer();
    this.entries.set(keyOf(request), { body, status: response.status, statusText: response.statusText, headers: [...response.headers] });
  }

  async add(): Promise<void> {
    throw new Error('not used by the worker');
  }

  async addAll(): Promise<void> {
    throw new Error('not used by the worker');
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }

  async keys(): Promise<readonly Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  /** The addresses kept, for assertions. */
  urls(): string[] {
    return [...this.entries.keys()].sort();
  }
}

export class FakeCacheStorage implements CacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<Cache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    for (const cache of this.caches.values()) {
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }

  /** The cache names, sorted, for assertions. */
  names(): string[] {
    return [...this.caches.keys()].sort();
  }

  cache(name: string): FakeCache | undefined {
    return this.caches.get(name);
  }
}

export type Answer = Response | (() => Response | Promise<Response>) | Error;

/** A fetch answering from `answers` (absolute address → answer); anything else is a network error. */
export function fakeFetch(answers: Map<string, Answer> | Record<string, Answer>) {
  const table = answers instanceof Map ? answers : new Map(Object.entries(answers));
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = keyOf(input);
    calls.push({ url, init });
    const answer = table.get(url);
    if (!answer || answer instanceof Error) throw answer ?? new TypeError(`Failed to fetch ${url}`);
    const response = typeof answer === 'function' ? await answer() : answer.clone();
    return response;
  };
  return { fetch, calls, answers: table };
}
