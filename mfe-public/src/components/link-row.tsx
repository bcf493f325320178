import { useId } from 'react';
import { CopyButton } from './copy-button';

interface LinkRowProps {
  label: string;
  value: string;
  copyLabel: string;
  testId: string;
  /**
   * false: the address is shown as text, not as a link (a burn-after-reading paste, which the
   * owner would delete by opening it).
   */
  openable?: boolean;
}

/** A labelled link (opens in a new tab) with its copy button. */
export function LinkRow({ label, value, copyLabel, testId, openable = true }: LinkRowProps) {
  const id = useId();
  return (
    <div className="cp-link-row">
      <span className="cp-link-row__label" id={id}>
        {label}
      </span>
      <div className="cp-link-row__line">
        {openable ? (
          <a
            className="cp-link-row__value"
            href={value}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={id}
            data-testid={testId}
          >
            {value}
          </a>
        ) : (
          <code className="cp-link-row__value" aria-describedby={id} data-testid={testId}>
            {value}
          </code>
        )}
        <CopyButton text={value} label={copyLabel} testId={`copy-${testId}`} />
      </div>
    </div>
  );
}
