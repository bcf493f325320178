import type { ReactNode } from 'react';
import { Button } from 'antd';

/**
 * A small icon-only row action with an accessible name. The hint is the native `title` (an antd
 * Tooltip per action would cost 50 popup triggers on a page of 10 rows).
 */
export function IconAction({
  label,
  icon,
  onClick,
  danger,
  disabled,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Button
      type="text"
      size="small"
      icon={icon}
      aria-label={label}
      title={label}
      onClick={onClick}
      danger={danger}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
