/** One of the explorer's plain action buttons (`cc-button`; `danger` for a destructive one), found by its test id. */
export function TextButton({
  label,
  onClick,
  testId,
  danger = false,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  danger?: boolean;
}) {
  return (
    <button type="button" className={danger ? 'cc-button cc-button--danger' : 'cc-button'} onClick={onClick} data-testid={testId}>
      {label}
    </button>
  );
}
