import type { BackupSchedule, CloudclipApi } from '@cloudclip/shared-kernel';

/** The kernel's admin backup endpoints (`kernel.api.backup`). */
export type BackupApi = CloudclipApi['backup'];

export type ScheduleField = 'keep' | 'storageConfigId' | 'folder';

/** The i18n key (under `backup.`) of what is wrong with each field, checked before sending; empty when valid. */
export function scheduleProblems(schedule: BackupSchedule): Partial<Record<ScheduleField, string>> {
  const problems: Partial<Record<ScheduleField, string>> = {};
  if (!Number.isInteger(schedule.keep) || schedule.keep < 1 || schedule.keep > 90) problems.keep = 'backup.errKeep';
  if (schedule.enabled && !schedule.storageConfigId) problems.storageConfigId = 'backup.errStorage';
  const folder = schedule.folder.trim();
  if (folder.startsWith('/') || folder.includes('\\') || folder.split('/').includes('..')) problems.folder = 'backup.errFolder';
  return problems;
}

/** The sum of a manifest's row counts. */
export function totalRows(rowCounts: Record<string, number>): number {
  return Object.values(rowCounts).reduce((sum, count) => sum + count, 0);
}
