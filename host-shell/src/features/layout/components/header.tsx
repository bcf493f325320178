import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Kernel } from '@cloudclip/shared-kernel';
import { ROUTES } from '../../../app/route-registry';
import { ThemeToggle } from '../../../components/theme-toggle';
import { LanguageSwitch } from '../../../components/language-switch';

export const SOURCE_REPOSITORY_URL = 'https://github.com/cloudclip/cloudclip';

const NAV_ITEMS = [
  { to: ROUTES.home, key: 'nav.home', end: true },
  { to: ROUTES.upload, key: 'nav.upload', end: false },
  { to: ROUTES.mountExplorer, key: 'nav.mountExplorer', end: false },
  { to: ROUTES.admin, key: 'nav.admin', end: false },
] as const;

/** Sticky header: brand, nav, source link, language and theme; the nav collapses into a menu on phones. */
export function Header({ kernel, onNavIntent }: { kernel: Kernel; onNavIntent?: (to: string) => void }) {
  const { t } = useTranslation('shell');
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const repositoryUrl = (kernel.config.appConfig as { repositoryUrl?: string }).repositoryUrl ?? SOURCE_REPOSITORY_URL;

  return (
    <header className="cc-header" data-testid="site-header">
      <div className="cc-header__bar">
        <NavLink to={ROUTES.home} className="cc-brand" aria-label={t('common:product.name')}>
          <svg className="cc-brand__logo" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <rect x="5" y="4" width="14" height="17" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <rect x="9" y="2" width="6" height="4" rx="1.2" fill="currentColor" />
            <path d="M8.5 11h7M8.5 15h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="cc-brand__name">{t('common:product.name')}</span>
        </NavLink>
        <button
          type="button"
          className="cc-button cc-menu-button"
          data-testid="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="cc-main-nav"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.menu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
        <nav id="cc-main-nav" className={`cc-nav${menuOpen ? ' cc-nav--open' : ''}`} aria-label="main">
          <ul className="cc-nav__links">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => `cc-nav__link${isActive ? ' cc-nav__link--active' : ''}`}
                  // A link about to be followed (the shell prefetches its remote).
                  onMouseEnter={() => onNavIntent?.(item.to)}
                  onFocus={() => onNavIntent?.(item.to)}
                  onTouchStart={() => onNavIntent?.(item.to)}
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="cc-nav__tools">
            <a className="cc-nav__link" href={repositoryUrl} target="_blank" rel="noopener noreferrer" data-testid="source-link">
              {t('nav.source')}
            </a>
            <LanguageSwitch kernel={kernel} />
            <ThemeToggle kernel={kernel} />
          </div>
        </nav>
      </div>
    </header>
  );
}
