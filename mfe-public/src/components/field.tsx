import type { ReactNode } from 'react';

/** ids for aria-describedby of an input with an optional hint and error. */
export function describedBy(id: string, hint?: ReactNode, error?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label + control + hint + inline error (the control sets aria-invalid / aria-describedby itself). */
export function Field({ id, label, hint, error, children, className }: FieldProps) {
  return (
    <div className={`cc-field ${error ? 'cp-field--invalid' : ''} ${className ?? ''}`.trim()}>
      <label className="cc-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="cc-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="cc-field__error" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
