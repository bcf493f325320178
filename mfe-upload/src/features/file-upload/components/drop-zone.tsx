import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { PASTE_TARGET_ATTRIBUTE } from '../hooks/use-page-file-intake';
import { markDropHandled } from '../utils/handled-drops';

/** A phone or tablet: no keyboard shortcut to show, pasting needs a place to long-press. */
function isTouchOnly(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(hover: none) and (pointer: coarse)').matches;
}

function isApple(): boolean {
  return /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

/**
 * Where files come in by hand: the "choose files" button (keyboard reachable) and drag and drop onto
 * the zone. Pasting (and dropping elsewhere on the page) is taken by the page (usePageFileIntake);
 * on a touch screen the zone offers a box to long-press and paste into.
 */
export function DropZone({
  onFiles,
  maxSizeText,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  maxSizeText: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [touch] = useState(isTouchOnly);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    markDropHandled(event.nativeEvent);
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files ?? []);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      className={over ? 'cc-dropzone cu-drop cc-dropzone--active' : 'cc-dropzone cu-drop'}
      data-testid="drop-zone"
      onDragEnter={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
    >
      <svg className="cu-drop__icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M11 16V7.85l-2.6 2.6L7 9l5-5 5 5-1.4 1.45-2.6-2.6V16h-2Zm-5 4q-.825 0-1.413-.588T4 18v-3h2v3h12v-3h2v3q0 .825-.588 1.413T18 20H6Z"
        />
      </svg>
      <p className="cu-drop__title">{t('files.dropTitle')}</p>
      <button
        type="button"
        className="cc-button cc-button--primary"
        onClick={() => input.current?.click()}
        disabled={disabled}
        data-testid="choose-files"
      >
        {t('files.choose')}
      </button>
      {touch ? (
        <textarea
          className="cc-input cu-paste-box"
          rows={1}
          inputMode="none"
          value=""
          onChange={() => undefined}
          aria-label={t('files.pasteBoxLabel')}
          placeholder={t('files.pasteBoxPlaceholder')}
          disabled={disabled}
          data-testid="paste-box"
          {...{ [PASTE_TARGET_ATTRIBUTE]: '' }}
        />
      ) : (
        <p className="cc-hint" data-testid="paste-hint">
          {t('files.pasteHint', { shortcut: isApple() ? '⌘V' : 'Ctrl+V' })}
        </p>
      )}
      <p className="cc-hint">{t('files.dropHint', { size: maxSizeText })}</p>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-testid="file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
