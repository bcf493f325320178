import { Routes, Route, BrowserRouter, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDarkTheme, type RemoteAppProps } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';

function AreaPage({ page, params }: { page: string; params: Record<string, string> }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cc-area" data-testid="area-page" data-area="explorer" data-page={page}>
      <h1>{t(`pages.${page}.title`)}</h1>
      <p>{t(`pages.${page}.body`, params)}</p>
      <p className="cc-muted">{t('placeholder')}</p>
    </section>
  );
}

function HomePage() {
  const params = useParams();
  return <AreaPage page="home" params={{ path: `/${params['*'] ?? ''}` }} />;
}

/** The remote's own router under the basename the host gives it. */
export function App({ kernel, basename }: RemoteAppProps) {
  const dark = useDarkTheme(kernel);
  return (
    <div className="cc-remote" data-remote="cloudclip_explorer" data-dark={dark ? 'true' : 'false'}>
      <BrowserRouter basename={basename}>
        <Routes>
          <Route path="/*" element={<HomePage />} />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
