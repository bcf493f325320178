import { useEffect, useState } from 'react';
import { merge, map } from 'rxjs';
import { useTranslation } from 'react-i18next';
import type { Kernel } from '@cloudclip/shared-kernel';

type Notice = 'adminExpired' | 'apiKeyInvalid' | null;

/** Tells the user when the kernel dropped their credentials (`admin-token-expired`, `api-key-invalid`). */
export function SessionNotice({ kernel }: { kernel: Kernel }) {
  const { t } = useTranslation('shell');
  const [notice, setNotice] = useState<Notice>(null);
  useEffect(() => {
    const subscription = merge(
      kernel.bus.on('admin-token-expired').pipe(map(() => 'adminExpired' as const)),
      kernel.bus.on('api-key-invalid').pipe(map(() => 'apiKeyInvalid' as const)),
    ).subscribe(setNotice);
    return () => subscription.unsubscribe();
  }, [kernel]);
  if (!notice) return null;
  return (
    <div className="cc-session-notice" role="alert" data-testid="session-notice" data-notice={notice}>
      <span>{t(`session.${notice}`)}</span>
      <button type="button" className="cc-button" aria-label={t('session.dismiss')} onClick={() => setNotice(null)}>
        ✕
      </button>
    </div>
  );
}
