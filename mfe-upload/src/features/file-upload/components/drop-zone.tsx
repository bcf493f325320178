import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';

/** Files of a paste event (screenshots, files copied in a file manager). */
export function filesOfClipboard(data: DataTransfer | null): File[] {
  if (!data) return [];
  if (data.files && data.files.length > 0) return Array.from(data.files);
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

/**
 * Where files come in: the "choose files" button (keyboard reachable), drag and drop onto the zone,
 * and paste anywhere on the page while the zone is shown (not while typing in a field).
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
  const onFilesRef = useRef(onFiles);
  onFilesRef.current = onFiles;

  useEffect(() => {
    if (disabled) return undefined;
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const files = filesOfClipboard(event.clipboardData);
      if (files.length === 0) return;
      event.preventDefault();
      onFilesRef.current(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [disabled]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
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
