import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { titleKeyFor } from '../../../app/route-registry';

/** Sets the document title per route: the page label plus the product suffix, in the current language. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('shell');
  useEffect(() => {
    const key = titleKeyFor(pathname);
    const suffix = t('common:product.name');
    document.title = key ? `${t(key)} - ${suffix}` : suffix;
  }, [pathname, t, i18n.language]);
}
