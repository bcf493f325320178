import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { ShareView } from '../../../components/share-view';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { Loading } from '../../../components/loading';
import { MarkdownView, type OutlineHeading } from '../../../lib/markdown/markdown-view';
import { manageScope } from '../../../lib/ownership';
import { pageUrl, pastePath } from '../../../config/paths';
import { deletePaste, PasteNotFoundForDeleteError, type LoadedPaste } from '../api/paste-api';
import { usePaste } from '../hooks/use-paste';
import { useDecryptedContent } from '../hooks/use-decrypted-content';
import { useNoIndex } from '../hooks/use-no-index';
import { useLinkKey } from '../hooks/use-link-key';
import { PasteOutline } from './paste-outline';
import { PasteEditForm } from './paste-edit-form';
import { DecryptProblem } from './decrypt-problem';
import { BurnConfirm } from './burn-confirm';
import { isLastView, LastViewNotice, OUTLINE_MIN_HEADINGS, PasteHead, PasteToolbar } from './paste-chrome';
import './paste-page.css';
import { useKernel, useSession, formatDateTime } from '@cloudclip/shared-kernel';

/**
 * `/paste/{slug}`: the shared text (sanitized), password prompt, outline, copy, raw link, owner
 * edit/delete. An end-to-end encrypted paste is decrypted here with the key after `#` in the address
 * (and the share password, when it has one) and then shown like any other.
 */
export function PastePage() {
  const { slug = '' } = useParams();
  return <PasteView key={slug} slug={slug} />;
}

function PasteView({ slug }: { slug: string }) {
  const { t } = useTranslation(NAMESPACE);
  const linkKey = useLinkKey();
  const { state, unlock, confirmBurn, updateLoaded, markDeleted } = usePaste(slug);
  // `burned` implies `burnAfterReading` (a delivered burn paste carries both).
  const marks = state.status === 'ready' ? state.paste : state.status === 'locked' || state.status === 'confirm' ? state.meta : null;
  useNoIndex(Boolean(marks && (marks.encryption || marks.burnAfterReading)));
  return (
    <ShareView kind="paste" state={state} path={pastePath(slug)} lockedHint={t('paste.lockedHint')} onUnlock={unlock}>
      {() =>
        state.status === 'confirm' ? (
          <BurnConfirm meta={state.meta} linkKey={linkKey} onOpen={confirmBurn} />
        ) : (
          state.status === 'ready' && (
            <PasteReady
              paste={state.paste}
              linkKey={linkKey}
              offlineSavedAt={state.offline?.savedAt ?? null}
              onChange={updateLoaded}
              onDeleted={markDeleted}
            />
          )
        )
      }
    </ShareView>
  );
}

interface PasteReadyProps {
  paste: LoadedPaste;
  /** The address's fragment without `#`: the key of an encrypted paste. */
  linkKey: string;
  /** The server could not be reached: this is the copy saved in this browser at that time (ms). */
  offlineSavedAt: number | null;
  onChange: (paste: LoadedPaste) => void;
  onDeleted: () => void;
}

function PasteReady({ paste, linkKey, offlineSavedAt, onChange, onDeleted }: PasteReadyProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const session = useSession();
  const { decryption, tryPassword } = useDecryptedContent(paste, linkKey);
  const markdown = decryption.status === 'plain' ? paste.content : decryption.status === 'decrypted' ? decryption.markdown : null;
  const encrypted = paste.encryption !== undefined;
  const burning = paste.burnAfterReading === true || paste.burned === true;
  const offline = offlineSavedAt !== null;
  // Gone from the server once delivered: nothing left to edit, delete, link to or fetch raw. A
  // saved copy shown offline cannot be changed on a server that cannot be reached.
  const scope = burning || offline ? null : manageScope(session, paste.createdBy, 'text');
  const [headings, setHeadings] = useState<OutlineHeading[]>([]);
  const [rendered, setRendered] = useState(false);
  const content = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const rawUrl = kernel.api.pastes.rawUrl(paste.slug, paste.password);
  const shareUrl = pageUrl(pastePath(paste.slug)) + (encrypted && linkKey ? `#${linkKey}` : '');
  const lastView = isLastView(paste);

  const deletion = useConfirmedAction(
    async () => {
      if (!scope) return;
      await deletePaste(kernel, scope, paste);
      onDeleted();
    },
    (error) =>
      error instanceof PasteNotFoundForDeleteError ? t('paste.deleteNotFound') : error instanceof Error ? error.message : String(error),
  );

  return (
    <>
      <PasteHead paste={paste} encrypted={encrypted} />
      {offline && (
        <p className="cc-alert cc-alert--info" role="status" data-testid="offline-copy-notice">
          {t('paste.offlineCopy', { date: formatDateTime(offlineSavedAt, i18n.language) })}
        </p>
      )}
      {paste.burned && (
        <p className="cc-alert cc-alert--warning" role="status" data-testid="paste-burned-notice">
          {t('paste.burned')}
        </p>
      )}
      {lastView && <LastViewNotice />}
      {saved && (
        <p className="cc-alert cc-alert--success" role="status" data-testid="paste-saved">
          {t('paste.saved')}
        </p>
      )}

      <PasteToolbar
        markdown={markdown}
        content={content}
        rendered={rendered}
        shareUrl={shareUrl}
        rawUrl={!burning && !offline ? rawUrl : null}
        burning={burning}
        encrypted={encrypted}
      >
        {scope && !editing && !lastView && (
          <>
            <span className="cp-toolbar__spacer" />
            <button
              type="button"
              className="cc-button"
              onClick={() => (setSaved(false), setRendered(false), setEditing(true))}
              data-testid="paste-edit"
            >
              {t('common:actions.edit')}
            </button>
            <button type="button" className="cc-button cc-button--danger" onClick={deletion.ask} data-testid="paste-delete">
              {t('common:actions.delete')}
            </button>
          </>
        )}
      </PasteToolbar>

      {editing && scope ? (
        <PasteEditForm
          paste={paste}
          scope={scope}
          onCancel={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false);
            setSaved(true);
            onChange(next);
          }}
        />
      ) : decryption.status === 'failed' ? (
        <DecryptProblem reason={decryption.reason} onPassword={tryPassword} />
      ) : markdown === null ? (
        <Loading label={t('paste.decrypting')} />
      ) : (
        <div className="cp-paste-layout" data-outline={headings.length >= OUTLINE_MIN_HEADINGS ? 'on' : 'off'}>
          <article className="cc-card cp-paste-content" ref={content}>
            <MarkdownView
              value={markdown}
              adopt="paste"
              onRendered={(found) => {
                setHeadings(found);
                setRendered(true);
              }}
              testId="paste-content"
            />
          </article>
          {headings.length >= OUTLINE_MIN_HEADINGS && (
            <aside className="cp-paste-layout__outline">
              <PasteOutline headings={headings} />
            </aside>
          )}
        </div>
      )}

      <ConfirmDialog
        {...deletion.dialog}
        title={t('paste.deleteTitle')}
        message={t('paste.deleteMessage')}
        confirmLabel={t('common:actions.delete')}
        danger
        testId="delete-dialog"
      />
    </>
  );
}

export default PastePage;
