import { useState } from 'react';

export interface DraftInputProps {
  /** What the box shows while nobody is typing in it. */
  value: string;
  /** The typed text, on Enter or when the box loses focus (Escape drops it). */
  onCommit: (text: string) => void;
  className: string;
  label: string;
  testId: string;
  inputMode?: 'numeric';
}

/**
 * A toolbar box that shows the current value (page number, zoom) and lets the reader type another:
 * what is typed stays a draft until Enter or leaving the box commits it; Escape goes back to the value.
 */
export function DraftInput({ value, onCommit, className, label, testId, inputMode }: DraftInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    onCommit(draft);
  };
  return (
    <input
      className={className}
      inputMode={inputMode}
      aria-label={label}
      data-testid={testId}
      value={draft ?? value}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}
