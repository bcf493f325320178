import type { DashboardStats, Language } from '@cloudclip/shared-kernel';

export interface ActivityDay {
  /** Short date label in the user's language (UTC day). */
  label: string;
  pastes: number;
  files: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function count(values: readonly number[] | undefined, index: number): number {
  const value = values?.[index];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The 7 days of `lastWeekPastes` / `lastWeekFiles` (index 0 = six days ago … 6 = today, UTC days)
 * with date labels. Missing or odd entries count as 0.
 */
export function activityDays(
  stats: Pick<DashboardStats, 'lastWeekPastes' | 'lastWeekFiles'>,
  language: Language,
  now: Date = new Date(),
): ActivityDay[] {
  const format = new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 7 }, (_, index) => ({
    label: format.format(new Date(today - (6 - index) * DAY_MS)),
    pastes: count(stats.lastWeekPastes, index),
    files: count(stats.lastWeekFiles, index),
  }));
}

/** A round upper bound for the chart's axis: 4 gridline steps of 1, 2, 3 or 5 × 10^k (at least 4). */
export function axisMax(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max / 4));
  for (const factor of [1, 2, 3, 5, 10]) {
    const step = factor * magnitude;
    if (step * 4 >= max) return step * 4;
  }
  return magnitude * 40;
}
