import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { OutlineHeading } from '../../../lib/markdown/markdown-view';
import { scrollIntoViewSettled } from '../../../lib/markdown/scroll-into-view';

/** Deepest heading level listed in the outline. */
const MAX_LEVEL = 4;

/** Table of contents of a rendered paste: click a heading to scroll to it (and move focus there). */
export function PasteOutline({ headings }: { headings: OutlineHeading[] }) {
  const { t } = useTranslation(NAMESPACE);
  const items = headings.filter((heading) => heading.level <= MAX_LEVEL && heading.text);
  const top = Math.min(...items.map((heading) => heading.level));
  // Open beside the text on wide screens, folded above it on phones.
  // Rendered on the server (no screen to measure): folded, as on a phone, where it sits above the
  // text; on a wide screen it sits beside the text, so opening it there later moves nothing.
  const [initiallyOpen] = useState(() =>
    typeof window === 'undefined' ? false : (window.matchMedia?.('(min-width: 901px)').matches ?? true),
  );

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    scrollIntoViewSettled(target, { smooth: true });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };

  const list = (
    <ol className="cp-outline__list">
      {items.map((heading, index) => (
        <li key={`${heading.id}-${index}`} className="cp-outline__item" style={{ paddingLeft: `${(heading.level - top) * 12}px` }}>
          <a href={`#${heading.id}`} onClick={(event) => go(event, heading.id)} data-testid="outline-link">
            {heading.text}
          </a>
        </li>
      ))}
    </ol>
  );

  return (
    <nav className="cp-outline" aria-label={t('paste.outline')} data-testid="paste-outline">
      <details className="cp-outline__details" open={initiallyOpen}>
        <summary className="cp-outline__title">{t('paste.outline')}</summary>
        {list}
      </details>
    </nav>
  );
}
