/** Test stand-in for @bytemd/react's Editor: a plain labelled textarea. */
export function Editor({
  value,
  onChange,
  editorConfig,
}: {
  value: string;
  onChange?: (value: string) => void;
  editorConfig?: { screenReaderLabel?: string };
}) {
  return (
    <textarea
      aria-label={editorConfig?.screenReaderLabel}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      data-testid="editor-textarea"
    />
  );
}
