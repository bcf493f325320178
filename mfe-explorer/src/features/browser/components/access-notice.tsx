import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { LOGIN_PATH } from '../../../config/paths';
import { useKernel } from '@cloudclip/shared-kernel';

type AccessKind = 'anonymous' | 'key-without-file';

/** Shown instead of the explorer to visitors and to keys without the file permission: what is needed, and a login link. */
export function AccessNotice({ kind, path }: { kind: AccessKind; path: string }) {
  const kernel = useKernel();
  return <AccessNoticeCard kind={kind} path={path} onLogin={() => kernel.bus.emit('navigate', { to: LOGIN_PATH })} />;
}

/** The notice itself; also the explorer's first screen (src/first-screen.tsx), which has no kernel. */
export function AccessNoticeCard({ kind, path, onLogin }: { kind: AccessKind; path: string; onLogin: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cc-card ce-access" data-testid="access-notice" data-kind={kind}>
      <h2 className="cc-card__title">{t(`access.${kind}.title`)}</h2>
      <p>{t(`access.${kind}.body`)}</p>
      <p className="cc-muted">
        {t('access.requested')} <code data-testid="requested-path">{path}</code>
      </p>
      <a
        className="cc-button cc-button--primary"
        href={LOGIN_PATH}
        onClick={(event) => {
          event.preventDefault();
          onLogin();
        }}
        data-testid="login-link"
      >
        {t('common:actions.goToLogin')}
      </a>
    </div>
  );
}
