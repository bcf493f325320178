import type { TestApp } from './test-app';

/** The objects the mount-index crawl tests put into a mount's storage: folders three deep, pages of two. */
export const CRAWL_FILES = [
  'a/1.txt',
  'a/2.txt',
  'a/3.txt',
  'a/b/4.txt',
  'a/b/5.txt',
  'a/b/c/6.txt',
  'd/7.txt',
  'd/8.txt',
  'e.txt',
  'f.txt',
  'g.txt',
];

/** The index entries a finished crawl of `CRAWL_FILES` holds: every object and every folder, sorted. */
export const CRAWL_ENTRIES = [...CRAWL_FILES, 'a/', 'a/b/', 'a/b/c/', 'd/'].sort();

/** A point the crawl stops at: it calls `arrive` (so `reached` resolves) and waits for `release`. */
export interface CrawlGate {
  reached: Promise<void>;
  arrive: () => void;
  wait: Promise<void>;
  release: () => void;
}

export function crawlGate(): CrawlGate {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { reached, arrive, wait, release };
}

/** A `mountIndex.afterPage` hook that holds the crawl at `gate` after its `page`-th stored page. */
export function holdAfterPage(gate: CrawlGate, page: number): () => Promise<void> {
  let pages = 0;
  return async () => {
    pages += 1;
    if (pages === page) {
      gate.arrive();
      await gate.wait;
    }
  };
}

/** The paths the index holds for a mount, sorted. */
export async function indexedPaths(t: TestApp, mountId: string): Promise<string[]> {
  const rows = await t.container.db.selectFrom('mount_entries').select('path').where('mount_id', '=', mountId).execute();
  return rows.map((row) => row.path).sort();
}
