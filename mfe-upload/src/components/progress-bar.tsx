/** An accessible progress bar (role progressbar) drawn with the theme's colours. */
export function ProgressBar({
  percent,
  label,
  tone = 'active',
}: {
  percent: number;
  label: string;
  tone?: 'active' | 'success' | 'error' | 'muted';
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className={`cu-progress cu-progress--${tone}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid="progress"
      data-percent={value}
    >
      <div className="cu-progress__bar" style={{ width: `${value}%` }} />
    </div>
  );
}
