import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Editor } from '@bytemd/react';
import type { BytemdLocale, BytemdPlugin } from 'bytemd';
import 'bytemd/dist/index.css';
import bytemdZh from 'bytemd/locales/zh_Hans.json';
import gfmZh from '@bytemd/plugin-gfm/locales/zh_Hans.json';
import mathZh from '@bytemd/plugin-math/locales/zh_Hans.json';
import mermaidZh from '@bytemd/plugin-mermaid/locales/zh_Hans.json';
import { createPlugins } from '../../lib/markdown/markdown-processor';
import { useDark } from '../../hooks/use-dark';
import { codeMirrorSurface, type EditorTextSurface } from './text-surface';
import './markdown-editor.css';

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the text area. */
  label: string;
  placeholder?: string;
  testId?: string;
  /**
   * Receives the surface that edits the text in place (insert at the cursor, replace a placeholder)
   * once CodeMirror is there, and null when it goes.
   */
  onSurface?: (surface: EditorTextSurface | null) => void;
}

/** bytemd renders its own preview only through this hook: ours is rendered next to the editor instead. */
const noPreview = () => undefined;

/**
 * The bytemd (CodeMirror) Markdown editor with its formatting toolbar. Loaded lazily: only pages
 * that edit import this module, so viewing a share never downloads the editor. Its built-in preview
 * and status bar are replaced by the page's own (sanitized) preview and counts.
 */
export default function MarkdownEditor({ value, onChange, label, placeholder, testId, onSurface }: MarkdownEditorProps) {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  const dark = useDark();
  const surfaceListener = useRef(onSurface);
  useEffect(() => {
    surfaceListener.current = onSurface;
  }, [onSurface]);
  const plugins = useMemo<BytemdPlugin[]>(
    () => [
      ...createPlugins({ dark, locales: zh ? { gfm: gfmZh, math: mathZh, mermaid: mermaidZh } : undefined }),
      {
        editorEffect: ({ editor }) => {
          surfaceListener.current?.(codeMirrorSurface(editor));
          return () => surfaceListener.current?.(null);
        },
      },
    ],
    [dark, zh],
  );
  const locale = useMemo<Partial<BytemdLocale> | undefined>(() => (zh ? bytemdZh : undefined), [zh]);
  // contenteditable input: the editable text sits inside CodeMirror's scroll area (keyboard- and
  // screen-reader-friendly, and what CodeMirror recommends for mobile), named by `label`.
  const editorConfig = useMemo(() => ({ screenReaderLabel: label, lineNumbers: false, inputStyle: 'contenteditable' as const }), [label]);
  return (
    <div className="cp-md-editor" data-testid={testId ?? 'markdown-editor'}>
      <Editor
        value={value}
        mode="split"
        plugins={plugins}
        locale={locale}
        placeholder={placeholder}
        editorConfig={editorConfig}
        overridePreview={noPreview}
        onChange={onChange}
      />
    </div>
  );
}
