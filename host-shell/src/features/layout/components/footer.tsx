import { useTranslation } from 'react-i18next';

export function Footer({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('shell');
  return (
    <footer className="cc-footer" data-testid="site-footer">
      <span>{t('footer.copyright', { year: now.getFullYear() })}</span>
      <span className="cc-footer__tagline">{t('footer.tagline')}</span>
    </footer>
  );
}
