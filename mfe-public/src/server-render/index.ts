/**
 * The server's rendering of a share page (dist/server/share-render.cjs, a third compilation of this
 * remote's build, loaded by the gateway from the pinned version's files): the first screen of
 * `/paste/{slug}` and `/file/{slug}` with the content of the page's first API answer, rendered with
 * the page's own components and Markdown pipeline. Only what may be shown to anyone: a paste
 * without password, encryption or burn-after-reading, a file share without password.
 */
import { renderFileShare } from './file-share';
import { renderPasteShare, type ShareRendering } from './paste-share';

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
}

export type { ShareRendering };

export const DEFAULT_BUDGET_MS = 50;

/** The stylesheets the markup needs, compacted (filled in by the build: webpack.config.js). */
export const SHARE_RENDER_CSS: string = process.env.CLOUDCLIP_SHARE_RENDER_CSS ?? '';

/** The first screen's inner markup, or null when the answer may not be shown by the server. */
export async function renderShare(input: ShareRenderInput): Promise<ShareRendering | null> {
  if (input.status !== 200) return null;
  try {
    if (input.kind === 'paste') {
      return renderPasteShare(input.body, input.origin, input.budgetMs ?? DEFAULT_BUDGET_MS);
    }
    if (input.kind === 'file') return renderFileShare(input.body, input.origin);
    return null;
  } catch (error) {
    // The page renders it as before.
    console.error('[cloudclip_public] server rendering failed', error);
    return null;
  }
}
