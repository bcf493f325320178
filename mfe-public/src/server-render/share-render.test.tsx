import { resources } from '../i18n/resources';
import { splitMarkdown } from '../lib/markdown/markdown-chunks';
import { Slugger } from '../lib/markdown/heading-slugs';
import { sourceHash } from '../lib/markdown/server-rendered';
import type { OutlineHeading } from '../lib/markdown/markdown-view';
import { renderShare, shareRenderPlan, type ShareRenderInput } from './index';
import { markTree, type HastNode } from './markdown';

// The server's build (react-dom/server for Node), not the browser's that jsdom would pick.
jest.mock('react-dom/server', () => jest.requireActual('react-dom/server.node'));

/** About 44 KB: several chunks. */
const LARGE = Array.from(
  { length: 400 },
  (_, i) => `## Section ${i % 200}\n\nText of section ${i} with a few more words so that the document grows past the chunk threshold.\n`,
).join('\n');

const PASTE = {
  slug: 'p1',
  content: '# Title\n\nShort text.\n\n## Part',
  remark: null,
  views: 2,
  maxViews: null,
  expiresAt: null,
  createdAt: '2026-03-04T05:06:07Z',
  updatedAt: '2026-03-04T05:06:07Z',
};

const FILE_DATA = {
  slug: 'f1',
  filename: 'report.pdf',
  size: 2048,
  mimetype: 'application/pdf',
  remark: null,
  views: 1,
  max_views: 5,
  expires_at: null,
  created_at: '2026-03-04T05:06:07Z',
  requires_password: false,
};
/** As the server answers it: the file under `data`. */
const FILE = { code: 200, success: true, data: FILE_DATA };

function parse(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

async function paste(body: unknown, extra: Partial<ShareRenderInput> = {}) {
  return renderShare({ kind: 'paste', slug: 'p1', status: 200, body, origin: 'https://clip.example', ...extra });
}

describe('renderShare: paste', () => {
  it('renders a plain paste: chrome in both languages, the Markdown once, marked with its hash', async () => {
    const result = await paste(PASTE);
    expect(result?.complete).toBe(true);
    const page = parse(result!.html);
    const variants = Array.from(page.querySelectorAll<HTMLElement>('.cc-fs-variant > header h1')).map((h1) => [
      h1.closest<HTMLElement>('.cc-fs-variant')!.dataset.lang,
      h1.textContent,
    ]);
    expect(variants).toEqual([
      ['zh-CN', resources['zh-CN'].paste.title],
      ['en-US', resources['en-US'].paste.title],
    ]);
    // Real links work before any code: the raw text.
    const raw = Array.from(page.querySelectorAll('a')).filter((a) => a.getAttribute('href') === 'https://clip.example/api/raw/p1');
    expect(raw.map((a) => a.textContent)).toEqual([resources['zh-CN'].paste.raw, resources['en-US'].paste.raw]);
    const content = page.querySelectorAll<HTMLElement>('[data-server-rendered="paste"]');
    expect(content).toHaveLength(1);
    expect(content[0]!.dataset.sourceHash).toBe(sourceHash(PASTE.content));
    expect(content[0]!.dataset.chunks).toBe('1');
    expect(content[0]!.closest('article.cc-card.cp-paste-content')).not.toBeNull();
    expect(content[0]!.querySelector('.cp-md-chunk h1')?.textContent).toBe('Title');
    // Nothing a test or a label finds the page's own elements by.
    expect(page.querySelector('[data-testid]')).toBeNull();
  });

  it('renders a large document in the chunks the page cuts it into', async () => {
    const result = await paste({ ...PASTE, content: LARGE });
    const content = parse(result!.html).querySelector<HTMLElement>('[data-server-rendered="paste"]')!;
    const chunks = splitMarkdown(LARGE);
    expect(chunks.length).toBeGreaterThan(5);
    expect(result!.complete).toBe(true);
    expect(content.querySelectorAll(':scope > .cp-md-chunk')).toHaveLength(chunks.length);
    expect(content.dataset.chunks).toBe(String(chunks.length));
    expect(content.classList.contains('cp-md--chunked')).toBe(true);
  });

  it('stops between chunks once the budget is spent, and goes on from there the next time', async () => {
    const content = `${LARGE}\nOne more line.\n`;
    const first = await paste({ ...PASTE, content }, { budgetMs: 0 });
    expect(first!.complete).toBe(false);
    const firstContent = parse(first!.html).querySelector<HTMLElement>('[data-server-rendered="paste"]')!;
    expect(firstContent.querySelectorAll('.cp-md-chunk')).toHaveLength(1);
    expect(firstContent.dataset.chunks).toBe('1');
    expect(firstContent.dataset.rendered).toBe('false');
    // Read again (one more view counted): the chunk already rendered is kept, one more is added.
    const second = await paste({ ...PASTE, views: 3, content }, { budgetMs: 0 });
    const secondContent = parse(second!.html).querySelector<HTMLElement>('[data-server-rendered="paste"]')!;
    expect(secondContent.dataset.chunks).toBe('2');
    expect(secondContent.querySelector('.cp-md-chunk')!.outerHTML).toBe(firstContent.querySelector('.cp-md-chunk')!.outerHTML);
    const complete = await paste({ ...PASTE, content }, { budgetMs: 60_000 });
    expect(complete!.complete).toBe(true);
    expect(parse(complete!.html).querySelectorAll('[data-server-rendered] h2')).toHaveLength(400);
  });

  it.each([
    ['a protected paste', 200, { slug: 'p1', requiresPassword: true, remark: null }],
    ['an encrypted paste', 200, { ...PASTE, encryption: { v: 1, alg: 'AES-GCM' } }],
    ['a burn-after-reading announcement', 200, { slug: 'p1', requiresConfirmation: true, burnAfterReading: true }],
    ['a burn-after-reading paste', 200, { ...PASTE, burnAfterReading: true }],
    ['a burnt paste', 200, { ...PASTE, burned: true }],
    ['a not-found answer', 404, { error: 'not found' }],
    ['an expired answer', 410, { error: 'gone' }],
    ['an answer that is no paste', 200, 'text'],
  ])('renders nothing for %s', async (_, status, body) => {
    await expect(paste(body, { status })).resolves.toBeNull();
  });
});

describe('shareRenderPlan: one rendering for every reading', () => {
  const plan = (body: unknown, status = 200) =>
    shareRenderPlan({ kind: 'paste', slug: 'p1', status, body, origin: 'https://clip.example' });
  /** A template's slots filled with a plan's values, as a server does. */
  const filled = (html: string, slots: Record<string, string>, values: Record<string, string>) =>
    Object.entries(slots).reduce((text, [name, token]) => text.split(token).join(values[name]!), html);

  it.each([
    ['no view limit', { ...PASTE, views: 7 }],
    ['a view limit', { ...PASTE, views: 2, maxViews: 5 }],
    ['the last allowed view', { ...PASTE, views: 5, maxViews: 5 }],
  ])('a template filled with the plan equals the rendering of the answer (%s)', async (_, body) => {
    const template = await paste(body, { slots: true });
    expect(Object.keys(template!.slots ?? {})).toEqual(['views']);
    expect(template!.html).toContain(template!.slots!.views);
    const direct = await paste(body);
    expect(direct!.slots).toBeUndefined();
    expect(filled(template!.html, template!.slots!, plan(body)!.values)).toBe(direct!.html);
  });

  it('names readings of the same text alike, whatever their view count', () => {
    expect(plan({ ...PASTE, views: 3 })!.key).toBe(plan({ ...PASTE, views: 40 })!.key);
    expect(plan({ ...PASTE, views: 3 })!.values).toEqual({ views: '3' });
    expect(plan({ ...PASTE, views: 2, maxViews: 5 })!.key).toBe(plan({ ...PASTE, views: 4, maxViews: 5 })!.key);
  });

  it.each([
    ['the text', { content: 'Another text' }],
    ['the remark', { remark: 'note' }],
    ['the expiry', { expiresAt: '2027-01-01T00:00:00Z' }],
    ['the view limit', { maxViews: 9 }],
    ['the last allowed view', { views: 9, maxViews: 9 }],
  ])('names another rendering when %s changes', (_, change) => {
    expect(plan({ ...PASTE, ...change })!.key).not.toBe(plan(PASTE)!.key);
  });

  it('has no plan for what the server may not show', () => {
    expect(plan({ ...PASTE, burnAfterReading: true })).toBeNull();
    expect(plan({ slug: 'p1', requiresPassword: true })).toBeNull();
    expect(plan(PASTE, 404)).toBeNull();
    expect(
      shareRenderPlan({ kind: 'file', slug: 'f1', status: 200, body: { data: { ...FILE_DATA, requires_password: true } } }),
    ).toBeNull();
  });

  it('names a file page by its whole answer', () => {
    const file = (body: unknown) => shareRenderPlan({ kind: 'file', slug: 'f1', status: 200, body })!;
    expect(file(FILE).key).toBe(file({ ...FILE }).key);
    expect(file({ ...FILE, data: { ...FILE_DATA, views: 2 } }).key).not.toBe(file(FILE).key);
    expect(file(FILE).values).toEqual({});
  });
});

describe('renderShare: file', () => {
  it('renders the details and share cards in both languages with a working download link', async () => {
    const result = await renderShare({ kind: 'file', slug: 'f1', status: 200, body: FILE, origin: 'https://clip.example' });
    expect(result?.complete).toBe(true);
    const page = parse(result!.html);
    const titles = Array.from(page.querySelectorAll('.cc-fs-variant .cc-card__title')).map((h2) => h2.textContent);
    expect(titles).toEqual([
      resources['zh-CN'].file.info,
      resources['zh-CN'].file.share,
      resources['en-US'].file.info,
      resources['en-US'].file.share,
    ]);
    const downloads = page.querySelectorAll('a.cp-file-actions__download');
    expect(Array.from(downloads).map((a) => a.getAttribute('href'))).toEqual([
      'https://clip.example/api/file-download/f1',
      'https://clip.example/api/file-download/f1',
    ]);
    expect(page.textContent).toContain('https://clip.example/file/f1');
    expect(page.querySelectorAll('[data-server-rendered="file"]')).toHaveLength(1);
    expect(page.querySelector('[data-testid], [id]')).toBeNull();
  });

  it.each([
    ['a protected file', 200, { ...FILE, data: { ...FILE_DATA, requires_password: true } }],
    ['an answer without the file', 200, { code: 200, success: true, data: null }],
    ['a file without its envelope', 200, FILE_DATA],
    ['a not-found answer', 404, { error: 'not found' }],
  ])('renders nothing for %s', async (_, status, body) => {
    await expect(renderShare({ kind: 'file', slug: 'f1', status, body })).resolves.toBeNull();
  });
});

describe('the page’s marks on the sanitized tree', () => {
  const element = (tagName: string, children: HastNode[] = [], properties: Record<string, unknown> = {}): HastNode => ({
    type: 'element',
    tagName,
    properties,
    children,
  });
  const text = (value: string): HastNode => ({ type: 'text', value });

  it('sets heading ids as the page does (one Slugger across chunks), tab stops and task names', () => {
    const slugger = new Slugger();
    const headings: OutlineHeading[] = [];
    const first = element('root', [element('h2', [text('Intro '), element('em', [text('now')])]), element('pre', [text('x')])]);
    const second = element('root', [
      element('h2', [text('Intro now')]),
      element('h2', [text('Footnotes')], { className: ['sr-only'], id: 'footnote-label' }),
      element('table'),
      element('ul', [element('li', [element('input', [], { type: 'checkbox' }), text(' buy milk ')])]),
    ]);
    markTree(first, slugger, headings);
    markTree(second, slugger, headings);
    expect(headings).toEqual([
      { id: 'user-content-intro-now', level: 2, text: 'Intro now' },
      { id: 'user-content-intro-now-1', level: 2, text: 'Intro now' },
    ]);
    expect(second.children![1]!.properties!.id).toBe('footnote-label');
    expect(first.children![1]!.properties!.tabIndex).toBe(0);
    expect(second.children![2]!.properties!.tabIndex).toBe(0);
    expect(second.children![3]!.children![0]!.children![0]!.properties!.ariaLabel).toBe('buy milk');
  });
});
