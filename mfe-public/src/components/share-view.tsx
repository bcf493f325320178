import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { Loading } from './loading';
import { PasswordPrompt } from './password-prompt';
import { StatusPage } from './status-page';

export type ShareKind = 'paste' | 'file';
export type ShareFailureKind = 'not-found' | 'gone' | 'error';

/** What a share page shows before its content: the states both the paste and the file view go through. */
export type ShareViewState =
  | { status: 'loading' }
  | { status: 'locked' }
  | { status: 'failed'; failure: ShareFailureKind; message: string }
  | { status: 'deleted' }
  | { status: 'ready' }
  /** A burn-after-reading paste waits for the reader to open it (rendered by `children`, like `ready`). */
  | { status: 'confirm' };

interface ShareViewProps {
  kind: ShareKind;
  state: ShareViewState;
  /** The page address, shown on a not-found or expired page. */
  path: string;
  lockedHint: string;
  onUnlock: (password: string) => Promise<void>;
  /** The ready content; only rendered in the `ready` (and a paste's `confirm`) state. */
  children: () => ReactNode;
}

/**
 * The frame of `/paste/{slug}` and `/file/{slug}`: loading, password prompt, not found / expired /
 * failed, deleted, and finally the content. Texts come from the `<kind>.…` keys of the namespace.
 */
export function ShareView({ kind, state, path, lockedHint, onUnlock, children }: ShareViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const stateName = state.status === 'failed' ? state.failure : state.status;
  let body: ReactNode;
  if (state.status === 'loading') body = <Loading />;
  else if (state.status === 'locked') {
    body = <PasswordPrompt title={t(`${kind}.lockedTitle`)} hint={lockedHint} onSubmit={onUnlock} testId={`${kind}-password`} />;
  } else if (state.status === 'failed') {
    body = (
      <StatusPage
        kind={state.failure}
        path={path}
        title={t(`${kind}.failure.${state.failure}.title`)}
        message={state.failure === 'error' ? state.message : t(`${kind}.failure.${state.failure}.message`)}
      />
    );
  } else if (state.status === 'deleted') {
    body = <StatusPage kind="deleted" title={t(`${kind}.deleted.title`)} message={t(`${kind}.deleted.message`)} />;
  } else body = children();
  return (
    <section className={`cp-page cp-${kind}-page`} data-testid="area-page" data-area="public" data-page={kind} data-state={stateName}>
      {body}
    </section>
  );
}
