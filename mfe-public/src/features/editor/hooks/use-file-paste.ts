import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorText,
  filesOfClipboard,
  isPictureBesideText,
  mayUploadFiles,
  namePastedFiles,
  useKernel,
  useSession,
} from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import type { EditorTextSurface } from '../../../components/markdown-editor/text-surface';
import { uploadPastedFile } from '../api/upload-pasted-file';
import { imageMarkdown, uniquePlaceholder, uploadName } from '../utils/pasted-files';

/** Why a paste inserted nothing (or its upload was taken out again). */
export type PasteUploadMessage = { kind: 'denied' } | { kind: 'failed'; name: string; reason: string };

export interface PasteUploadProgress {
  name: string;
  /** 0..100, null while unknown. */
  percent: number | null;
  /** Uploads waiting behind this one. */
  waiting: number;
}

interface Job {
  file: File;
  name: string;
  placeholder: string;
}

export interface FilePasteOptions {
  /** The element around the editor; its paste events are caught before the editor sees them. */
  container: RefObject<HTMLElement | null>;
  /** The surface to edit: the editor's, or one over the text when the paste came from `target`. */
  surfaceFor: (target: EventTarget | null) => EditorTextSurface;
  /** The document as it is now (to keep placeholders unique). */
  currentText: () => string;
}

/**
 * Files pasted into the editor (a screenshot, an image copied from a page, a phone's long-press
 * Paste): pictures without a real name are named as on the upload page (`pasted-2026-11-28-153012.png`),
 * then each is uploaded as a file share, one after another in the order pasted, with a
 * placeholder `![Uploading name…]()` at the cursor that becomes `![name](address)` when done, or
 * goes away again when the upload fails. A visitor who may not upload gets a message and nothing is
 * inserted. A paste without files is left to the editor.
 */
export function useFilePaste({ container, surfaceFor, currentText }: FilePasteOptions) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const session = useSession();
  const [message, setMessage] = useState<PasteUploadMessage | null>(null);
  const [progress, setProgress] = useState<PasteUploadProgress | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const inFlight = useRef(new Set<string>());
  const waiting = useRef(0);
  const givenNames = useRef(new Set<string>());

  const latest = useRef({ allowed: mayUploadFiles(session), t, kernel, surfaceFor, currentText });
  latest.current = { allowed: mayUploadFiles(session), t, kernel, surfaceFor, currentText };

  const run = useCallback(async (job: Job) => {
    waiting.current -= 1;
    setProgress({ name: job.name, percent: null, waiting: waiting.current });
    const { kernel: k, t: translate } = latest.current;
    try {
      const url = await uploadPastedFile(k.api.files, job.file, job.name, (event) =>
        setProgress({ name: job.name, percent: event.percent, waiting: waiting.current }),
      );
      latest.current.surfaceFor(null).replaceFirst(job.placeholder, imageMarkdown(job.name, url));
    } catch (error) {
      latest.current.surfaceFor(null).replaceFirst(job.placeholder, '');
      setMessage({ kind: 'failed', name: job.name, reason: errorText(error, translate('pasteImage.failedUnknown')) });
    } finally {
      inFlight.current.delete(job.placeholder);
      if (waiting.current === 0) setProgress(null);
    }
  }, []);

  const onPaste = useCallback(
    (event: ClipboardEvent) => {
      // Office programs put a picture beside the text they copy: then the text is what was meant.
      if (isPictureBesideText(event.clipboardData)) return;
      const files = filesOfClipboard(event.clipboardData);
      if (files.length === 0) return;
      // The editor must not paste anything itself (a contenteditable would take the image in).
      event.preventDefault();
      event.stopPropagation();
      const { allowed, t: translate } = latest.current;
      if (!allowed) {
        setMessage({ kind: 'denied' });
        return;
      }
      setMessage(null);
      const text = latest.current.currentText();
      const jobs = namePastedFiles(files, new Date(), givenNames.current).map((file): Job => {
        const name = uploadName(file);
        const placeholder = uniquePlaceholder(translate('pasteImage.placeholder', { name }), (candidate) => {
          return text.includes(candidate) || inFlight.current.has(candidate);
        });
        inFlight.current.add(placeholder);
        return { file, name, placeholder };
      });
      latest.current.surfaceFor(event.target).insertAtCursor(jobs.map((job) => job.placeholder).join('\n'));
      waiting.current += jobs.length;
      for (const job of jobs) queue.current = queue.current.then(() => run(job));
    },
    [run],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // Capture: seen before CodeMirror's own paste handling inside.
    element.addEventListener('paste', onPaste, true);
    return () => element.removeEventListener('paste', onPaste, true);
  }, [container, onPaste]);

  return { message, progress, dismissMessage: () => setMessage(null) };
}
