import type { ReactNode } from 'react';

/** `aria-describedby` value for a control with an optional hint and error. */
export function describedBy(id: string, hint?: ReactNode, error?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Label, control, hint and inline error of one form field. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'cc-field cu-field--invalid' : 'cc-field'}>
      <label className="cc-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p className="cc-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="cc-field__error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
