import type { FsApi } from '../../../lib/fs-api';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyFeedback, FILE_LINK_DEFAULT_EXPIRES_SECONDS, type FsFileLink, formatDateTime } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Dialog } from '../../../components/dialog';
import { errorMessage } from '../../../lib/format';
import { LINK_EXPIRY_MAX_SECONDS, LINK_EXPIRY_PRESETS, parseExpirySeconds } from '../utils/link-expiry';
import { ErrorAlert } from '../../../components/error-alert';

const QrCode = lazy(() => import(/* webpackChunkName: "qr-code" */ './qr-code'));

/** Direct link of a file (`fs/file-link`): expiry (default 7 days), force download, copy, QR code. */
export function FileLinkDialog({ fs, path, name, onClose }: { fs: FsApi; path: string; name: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [expiry, setExpiry] = useState(String(FILE_LINK_DEFAULT_EXPIRES_SECONDS));
  const [forceDownload, setForceDownload] = useState(false);
  const [link, setLink] = useState<FsFileLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { state: copyState, copy: copyLink } = useCopyFeedback();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseExpirySeconds(expiry);
    if (seconds === null) return setError(t('link.invalidExpiry', { max: LINK_EXPIRY_MAX_SECONDS }));
    setBusy(true);
    setError(null);
    try {
      setLink(await fs.fileLink(path, { expiresIn: seconds, forceDownload }));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (link) await copyLink(link.presignedUrl);
  };

  return (
    <Dialog title={t('link.title', { name })} onClose={onClose} testId="link-dialog" wide>
      <form onSubmit={(event) => void create(event)} className="ce-form" noValidate>
        <label className="cc-field ce-field">
          <span className="cc-field__label">{t('link.expiry')}</span>
          <input
            className="cc-input"
            inputMode="numeric"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            aria-describedby="ce-link-expiry-hint"
            data-testid="link-expiry"
          />
        </label>
        <p id="ce-link-expiry-hint" className="cc-muted cc-hint">
          {t('link.expiryHint', { max: LINK_EXPIRY_MAX_SECONDS })}
        </p>
        <div className="ce-chips" role="group" aria-label={t('link.presets')}>
          {LINK_EXPIRY_PRESETS.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="ce-chip"
              aria-pressed={expiry === String(preset.seconds)}
              onClick={() => setExpiry(String(preset.seconds))}
              data-testid={`link-preset-${preset.id}`}
            >
              {t(`link.preset.${preset.id}`)}
            </button>
          ))}
        </div>
        <label className="ce-checkbox">
          <input
            type="checkbox"
            checked={forceDownload}
            onChange={(event) => setForceDownload(event.target.checked)}
            data-testid="link-force-download"
          />
          <span>{t('link.forceDownload')}</span>
        </label>
        <ErrorAlert message={error} testId="link-error" />
        <div className="cc-dialog__actions">
          <button type="button" className="cc-button" onClick={onClose}>
            {t('common:actions.close')}
          </button>
          <button type="submit" className="cc-button cc-button--primary" disabled={busy} data-testid="link-create">
            {link ? t('link.recreate') : t('link.create')}
          </button>
        </div>
      </form>
      {link && (
        <div className="ce-link-result" data-testid="link-result">
          <label className="cc-field ce-field">
            <span className="cc-field__label">{t('link.url')}</span>
            <input
              className="cc-input"
              readOnly
              value={link.presignedUrl}
              onFocus={(event) => event.target.select()}
              data-testid="link-url"
            />
          </label>
          <p className="cc-muted" data-testid="link-expires">
            {t('link.expiresAt', { date: formatDateTime(link.expiresAt, i18n.language) })}
            {link.forceDownload ? ` · ${t('link.downloads')}` : ''}
          </p>
          <div className="cc-toolbar">
            <button type="button" className="cc-button" onClick={() => void copy()} data-testid="link-copy">
              {t('link.copy')}
            </button>
            <a className="cc-button" href={link.presignedUrl} target="_blank" rel="noopener noreferrer" data-testid="link-open">
              {t('link.open')}
            </a>
          </div>
          <p role="status" className="cc-muted" data-testid="link-copied">
            {copyState === 'copied' ? t('link.copied') : copyState === 'failed' ? t('link.copyFailed') : ''}
          </p>
          <Suspense fallback={null}>
            <QrCode value={link.presignedUrl} label={t('link.qr')} />
          </Suspense>
        </div>
      )}
    </Dialog>
  );
}
