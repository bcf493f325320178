import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FOCUSABLE_SELECTOR, keepTabInside } from '@cloudclip/shared-kernel';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  testId?: string;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  wide?: boolean;
  /** Escape and the backdrop do nothing while busy. */
  busy?: boolean;
}

/** Open dialogs, innermost last: only the innermost one answers Escape. */
const openDialogs: symbol[] = [];

/** A modal dialog: focus moves in (first field or button) and back out, Tab stays inside, Escape closes. */
export function Dialog({ title, onClose, children, footer, testId, role = 'dialog', describedBy, wide, busy }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  // Escape also works when focus fell out of the dialog (e.g. the pressed button became disabled while busy).
  useEffect(() => {
    const id = Symbol('dialog');
    openDialogs.push(id);
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== id || ref.current?.contains(event.target as Node)) return;
      if (event.key === 'Escape' && !busyRef.current) onCloseRef.current();
      else if (event.key === 'Tab') {
        event.preventDefault();
        ref.current?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR)?.focus();
      }
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      openDialogs.splice(openDialogs.indexOf(id), 1);
    };
  }, []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first =
      box?.querySelector<HTMLElement>('[data-autofocus]') ??
      box?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled])') ??
      box?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR);
    (first ?? box)?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (ref.current) keepTabInside(ref.current, event);
  };

  return (
    <div
      className="cc-dialog-backdrop"
      onKeyDown={onKeyDown}
      onMouseDown={(event) => event.target === event.currentTarget && !busy && onClose()}
    >
      <div
        ref={ref}
        className={`cc-dialog${wide ? ' ce-dialog--wide' : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
      >
        <h2 id={titleId} className="cc-dialog__title">
          {title}
        </h2>
        <div className="ce-dialog__body">{children}</div>
        {footer && <div className="cc-dialog__actions">{footer}</div>}
      </div>
    </div>
  );
}
