import { createRef } from 'react';
import { isBurnPendingPasteView, isProtectedPasteView, type PastePublicView } from '@cloudclip/shared-kernel';
import { pastePath } from '../config/paths';
import { sourceHash } from '../lib/markdown/server-rendered';
import { isLastView, LastViewNotice, OUTLINE_MIN_HEADINGS, PasteHead, PasteToolbar } from '../features/paste-view/components/paste-chrome';
import { PasteOutline } from '../features/paste-view/components/paste-outline';
import { renderMarkdown } from './markdown';
import { languageVariants, pageAddress, pageFrame } from './markup';

export interface ShareRendering {
  html: string;
  complete: boolean;
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

/** The paste page as the page lays it out: its chrome in both languages, the Markdown once. */
export function renderPasteShare(body: unknown, origin: string | undefined, budgetMs: number): ShareRendering | null {
  const view = publicPaste(body);
  if (!view) return null;
  const paste = {
    slug: view.slug,
    remark: view.remark ?? null,
    createdAt: view.createdAt,
    views: view.views,
    maxViews: view.maxViews ?? null,
    expiresAt: view.expiresAt ?? null,
  };
  const markdown = renderMarkdown(view.content, budgetMs);
  const complete = markdown.rendered === markdown.total;
  const rawUrl = pageAddress(`/api/raw/${encodeURIComponent(view.slug)}`, origin);
  const content = createRef<HTMLElement>();
  const chrome = languageVariants(() => (
    <>
      <PasteHead paste={paste} encrypted={false} />
      {isLastView(paste) && <LastViewNotice />}
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
  return { html: pageFrame('paste', chrome + layout), complete };
}
