import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { breadcrumbTrail, routeOfDirectory } from '../../../lib/fs-path';

/** Where we are: one link per ancestor from the root (or the key's basic path); the last is the current folder. */
export function Breadcrumbs({ directory, root }: { directory: string; root: string }) {
  const { t } = useTranslation(NAMESPACE);
  const trail = breadcrumbTrail(directory, root);
  return (
    <nav className="ce-breadcrumbs" aria-label={t('breadcrumbs.label')} data-testid="breadcrumbs">
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          const text = crumb.path === '/' ? t('breadcrumbs.root') : crumb.name;
          return (
            <li key={crumb.path}>
              {last ? (
                <span aria-current="page" data-testid="breadcrumb-current">
                  {text}
                </span>
              ) : (
                <Link to={routeOfDirectory(crumb.path)} data-testid="breadcrumb">
                  {text}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
