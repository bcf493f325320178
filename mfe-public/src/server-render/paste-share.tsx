import { createRef } from 'react';
import { isBurnPendingPasteView, isProtectedPasteView, type PastePublicView } from '@cloudclip/shared-kernel';
import { pastePath } from '../config/paths';
import { sourceHash } from '../lib/markdown/server-rendered';
import { isLastView, LastViewNotice, OUTLINE_MIN_HEADINGS, PasteHead, PasteToolbar } from '../features/paste-view/components/paste-chrome';
import { PasteOutline } from '../features/paste-view/components/paste-outline';
import { renderMarkdown } from './markdown';
import { contentDigest, escapeAttribute, languageVariants, pageAddress, pageFrame, slotToken } from './markup';

export interface ShareRendering {
  html: string;
  complete: boolean;
  /**
   * Rendered as a template (`slots: true`): each value that changes with every reading (a slot's
   * name: `shareRenderPlan`'s `values`) stands in `html` as this token, to be replaced.
   */
  slots?: Record<string, string>;
}

/** The facts the paste's chrome shows, from its answer. */
function pasteFacts(view: PastePublicView) {
  return {
    slug: view.slug,
    remark: view.remark ?? null,
    createdAt: view.createdAt,
    views: view.views,
    maxViews: view.maxViews ?? null,
    expiresAt: view.expiresAt ?? null,
  };
}

/**
 * What a paste page's rendering depends on apart from its view count (which changes with every
 * reading): `key` names the rendering, `values.views` is the count to put in the template's slot
 * (HTML text). Null when the server may not show the paste.
 */
export function pasteRenderPlan(body: unknown, origin: string | undefined): { key: string; values: Record<string, string> } | null {
  const view = publicPaste(body);
  if (!view) return null;
  const facts = pasteFacts(view);
  const key = JSON.stringify({
    kind: 'paste',
    origin: origin ?? '',
    ...facts,
    views: null,
    // The notice of the last allowed view depends on the count.
    lastView: isLastView(facts),
    content: contentDigest(view.content),
  });
  return { key, values: { views: escapeAttribute(String(facts.views)) } };
}

/**
 * A paste answer (`GET /api/paste/{slug}?burn=ask`) the server may show to anyone: readable without
 * a password, not encrypted, not burnt after reading. Anything else: null.
 */
export function publicPaste(body: unknown): PastePublicView | null {
  if (!body || typeof body !== 'object') return null;
  const view = body as PastePublicView;
  if (isBurnPendingPasteView(view) || isProtectedPasteView(view)) return null;
  if (view.encryption || view.burnAfterReading || view.burned) return null;
  if (typeof view.content !== 'string' || typeof view.slug !== 'string') return null;
  return view;
}

/**
 * The paste page as the page lays it out: its chrome in both languages, the Markdown once. With
 * `slots`, the view count is a token (`slots.views`), so the rendering serves every reading of
 * the same text (pasteRenderPlan).
 */
export function renderPasteShare(body: unknown, origin: string | undefined, budgetMs: number, slots = false): ShareRendering | null {
  const view = publicPaste(body);
  if (!view) return null;
  const facts = pasteFacts(view);
  const lastView = isLastView(facts);
  const viewsToken = slots ? slotToken('views') : null;
  // The chrome takes the count as it shows it: a number, or the token that stands for it.
  const paste = viewsToken ? { ...facts, views: viewsToken as unknown as number } : facts;
  const markdown = renderMarkdown(view.content, budgetMs);
  const complete = markdown.rendered === markdown.total;
  const rawUrl = pageAddress(`/api/raw/${encodeURIComponent(view.slug)}`, origin);
  const content = createRef<HTMLElement>();
  const chrome = languageVariants(() => (
    <>
      <PasteHead paste={paste} encrypted={false} />
      {lastView && <LastViewNotice />}
      <PasteToolbar
        markdown={view.content}
        content={content}
        rendered={false}
        shareUrl={pageAddress(pastePath(view.slug), origin)}
        rawUrl={rawUrl}
        burning={false}
        encrypted={false}
      />
    </>
  ));
  const outline = complete && markdown.headings.length >= OUTLINE_MIN_HEADINGS;
  const container =
    `<div class="markdown-body cp-md${markdown.total > 1 ? ' cp-md--chunked' : ''}" data-server-rendered="paste"` +
    ` data-source-hash="${sourceHash(view.content)}" data-chunks="${markdown.rendered}" data-rendered="${complete}">` +
    `${markdown.html}</div>`;
  const aside = outline
    ? `<aside class="cp-paste-layout__outline">${languageVariants(() => <PasteOutline headings={markdown.headings} />)}</aside>`
    : '';
  const layout =
    `<div class="cp-paste-layout" data-outline="${outline ? 'on' : 'off'}">` +
    `<article class="cc-card cp-paste-content">${container}</article>${aside}</div>`;
  const html = pageFrame('paste', chrome + layout);
  return viewsToken ? { html, complete, slots: { views: viewsToken } } : { html, complete };
}
