/** The props of a notice component: the notice to show and what its two buttons do. */
export interface NoticeProps<Notice> {
  notice: Notice;
  onRestore: () => void;
  onDismiss: () => void;
}

/** The editor's notice with an undo: what replaced the draft, with "restore" (when there is one to restore) and "dismiss". */
interface EditorNoticeProps {
  /** Test ids: `<testIdPrefix>-notice`, `-restore`, `-dismiss`. */
  testIdPrefix: string;
  kind: string;
  text: string;
  /** A problem (warning, announced as an alert) rather than news. */
  problem?: boolean;
  /** The restore button's label; none when nothing can be restored. */
  restoreLabel: string | null;
  dismissLabel: string;
  onRestore: () => void;
  onDismiss: () => void;
}

export function EditorNotice({
  testIdPrefix,
  kind,
  text,
  problem = false,
  restoreLabel,
  dismissLabel,
  onRestore,
  onDismiss,
}: EditorNoticeProps) {
  return (
    <div
      className={`cc-alert ${problem ? 'cc-alert--warning' : 'cc-alert--info'} cc-alert--with-action cp-editor-notice`}
      role={problem ? 'alert' : 'status'}
      data-testid={`${testIdPrefix}-notice`}
      data-kind={kind}
    >
      <p className="cp-editor-notice__text">{text}</p>
      <div className="cp-editor-notice__actions">
        {restoreLabel !== null && (
          <button type="button" className="cc-button" onClick={onRestore} data-testid={`${testIdPrefix}-restore`}>
            {restoreLabel}
          </button>
        )}
        <button type="button" className="cc-button cc-button--ghost" onClick={onDismiss} data-testid={`${testIdPrefix}-dismiss`}>
          {dismissLabel}
        </button>
      </div>
    </div>
  );
}
