import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { PATHS } from '../config/paths';

export type StatusKind = 'not-found' | 'gone' | 'error' | 'deleted';

interface StatusPageProps {
  kind: StatusKind;
  title: string;
  message: ReactNode;
  /** The page address the visitor asked for (shown so a mistyped link is easy to spot). */
  path?: string;
  children?: ReactNode;
}

/** A clear full-page state (missing, expired, used up, deleted, failed) with a way back home. */
export function StatusPage({ kind, title, message, path, children }: StatusPageProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className={`cp-status cp-status--${kind}`} data-testid="status-page" data-status={kind}>
      <div className="cp-status__icon" aria-hidden="true">
        {kind === 'error' ? '!' : kind === 'deleted' ? '✓' : kind === 'gone' ? '⌛' : '?'}
      </div>
      <h1 className="cp-status__title">{title}</h1>
      <p className="cp-status__message">{message}</p>
      {path && (
        <p className="cp-status__path">
          <code data-testid="status-path">{path}</code>
        </p>
      )}
      {children}
      <Link className="cc-button cc-button--primary" to={PATHS.home}>
        {t('status.backHome')}
      </Link>
    </div>
  );
}
