/**
 * The server's rendering of a share page (dist/server/share-render.cjs, a third compilation of this
 * remote's build, loaded by the gateway from the pinned version's files): the first screen of
 * `/paste/{slug}` and `/file/{slug}` with the content of the page's first API answer, rendered with
 * the page's own components and Markdown pipeline. Only what may be shown to anyone: a paste
 * without password, encryption or burn-after-reading, a file share without password.
 */
import { publicFile, renderFileShare } from './file-share';
import { contentDigest } from './markup';
import { pasteRenderPlan, renderPasteShare, type ShareRendering } from './paste-share';

export interface ShareRenderInput {
  kind: 'paste' | 'file';
  slug: string;
  /** The HTTP status of the API answer. */
  status: number;
  /** The API answer's JSON body. */
  body: unknown;
  /** The site's origin (share links, QR code); without it they are paths. */
  origin?: string;
  /** Time for the Markdown (ms), checked between chunks; the page renders the rest. */
  budgetMs?: number;
  /** Render a template: what changes with every reading stands as tokens (ShareRendering.slots). */
  slots?: boolean;
}

/**
 * How a server keeps renderings: renderings of the same `key` differ only in `values`, which fill
 * the template's slots (`renderShare` with `slots: true` returns the tokens, by the same names),
 * already HTML text. Cheap (no rendering), so a server can look up its cache before it renders.
 */
export interface ShareRenderPlan {
  key: string;
  values: Record<string, string>;
}

export type { ShareRendering };

export const DEFAULT_BUDGET_MS = 50;

/** The stylesheets the markup needs, compacted (filled in by the build: webpack.config.js). */
export const SHARE_RENDER_CSS: string = process.env.CLOUDCLIP_SHARE_RENDER_CSS ?? '';

/** A document with what pastes commonly hold (GFM, code, a table, a little HTML). */
const WARM_UP_MARKDOWN = Array.from(
  { length: 12 },
  (_, i) =>
    `## Part ${i}\n\nSome *text* with \`code\`, **bold**, a [link](https://example.com/${i}) and <kbd>Ctrl</kbd>.\n\n` +
    `- [x] done\n- [ ] to do\n\n> quoted\n\n\`\`\`js\nconst value = ${i};\n\`\`\`\n\n| a | b |\n|---|---|\n| ${i} | ~~old~~ |\n`,
).join('\n');

/**
 * Renders a sample share once, so the first real one does not pay for the code's first runs
 * (measured: a 14 KB paste took ~700 ms in a fresh process, ~150 ms after). For a server that
 * loads the renderer ahead of the first request (e.g. in each of its render workers).
 */
export async function warmUp(): Promise<void> {
  await renderShare({
    kind: 'paste',
    slug: 'warm-up',
    status: 200,
    body: {
      slug: 'warm-up',
      content: WARM_UP_MARKDOWN,
      remark: null,
      views: 1,
      maxViews: null,
      expiresAt: null,
      createdAt: new Date(0).toISOString(),
    },
  });
}

/** The plan of an answer's rendering (ShareRenderPlan), or null when the server may not show it. */
export function shareRenderPlan(input: Omit<ShareRenderInput, 'budgetMs' | 'slots'>): ShareRenderPlan | null {
  if (input.status !== 200) return null;
  try {
    if (input.kind === 'paste') return pasteRenderPlan(input.body, input.origin);
    if (input.kind === 'file') {
      // A file's page shows nothing that changes with a reading: the whole answer names it.
      if (!publicFile(input.body)) return null;
      return {
        key: JSON.stringify({ kind: 'file', origin: input.origin ?? '', answer: contentDigest(JSON.stringify(input.body)) }),
        values: {},
      };
    }
  } catch {
    return null;
  }
  return null;
}

/** The first screen's inner markup, or null when the answer may not be shown by the server. */
export async function renderShare(input: ShareRenderInput): Promise<ShareRendering | null> {
  if (input.status !== 200) return null;
  try {
    if (input.kind === 'paste') {
      return renderPasteShare(input.body, input.origin, input.budgetMs ?? DEFAULT_BUDGET_MS, input.slots === true);
    }
    if (input.kind === 'file') return renderFileShare(input.body, input.origin);
    return null;
  } catch (error) {
    // The page renders it as before.
    console.error('[cloudclip_public] server rendering failed', error);
    return null;
  }
}
