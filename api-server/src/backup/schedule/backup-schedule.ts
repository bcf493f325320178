import type { BackupSchedule } from '@cloudclip/contract';
import type { MessageKey } from '../../i18n/messages';

/** `BackupSchedule` of the admin backup API (`GET /api/admin/backup`, `PUT /api/admin/backup/schedule`): the contract's. */
export type { BackupSchedule };

/** The schedule as it is stored: when it was last saved, so a time before that is not a missed run. */
export interface StoredBackupSchedule extends BackupSchedule {
  /** Epoch milliseconds of the last save (0 = never saved). */
  savedAt: number;
}

export const DEFAULT_BACKUP_FOLDER = 'cloudclip-backups';
export const MAX_KEEP = 90;
const MAX_FOLDER_LENGTH = 512;

export const DEFAULT_BACKUP_SCHEDULE: Readonly<BackupSchedule> = Object.freeze({
  enabled: false,
  frequency: 'daily',
  hour: 3,
  weekday: 0,
  keep: 7,
  storageConfigId: null,
  folder: DEFAULT_BACKUP_FOLDER,
  objects: false,
});

/** The `system_settings` row holding the schedule (JSON). */
export const SETTING_BACKUP_SCHEDULE = 'backup_schedule';
export const BACKUP_SCHEDULE_DESCRIPTION = 'Scheduled backups (JSON): frequency, hour, weekday, keep, storage config, folder';

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** `a/b` without a trailing slash; refuses what could leave the folder or name another one. */
export function normalizeFolder(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const folder = value.trim().replace(/\/+$/, '');
  if (folder.length > MAX_FOLDER_LENGTH || folder.startsWith('/') || folder.includes('\\') || folder.includes('..')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters have no place in an object key
  if (/[\u0000-\u001f\u007f]/.test(folder) || folder.includes('//')) return undefined;
  return folder;
}

export type ScheduleCheck = { ok: true; schedule: BackupSchedule } | { ok: false; message: MessageKey };

/**
 * `update` (a PUT body: fields it omits keep their `current` value) checked field by field; the
 * first wrong one is named by its message. Whether the storage config exists is the caller's check.
 */
export function checkSchedule(current: BackupSchedule, update: unknown): ScheduleCheck {
  if (update === null || typeof update !== 'object' || Array.isArray(update)) return { ok: false, message: 'validation.bodyMustBeObject' };
  const input = { ...current, ...(update as Record<string, unknown>) };
  if (typeof input.enabled !== 'boolean') return { ok: false, message: 'backup.badEnabled' };
  if (input.frequency !== 'daily' && input.frequency !== 'weekly') return { ok: false, message: 'backup.badFrequency' };
  if (!isIntegerIn(input.hour, 0, 23)) return { ok: false, message: 'backup.badHour' };
  if (!isIntegerIn(input.weekday, 0, 6)) return { ok: false, message: 'backup.badWeekday' };
  if (!isIntegerIn(input.keep, 1, MAX_KEEP)) return { ok: false, message: 'backup.badKeep' };
  const storageConfigId = input.storageConfigId;
  if (storageConfigId !== null && (typeof storageConfigId !== 'string' || storageConfigId.trim() === '')) {
    return { ok: false, message: 'backup.unknownStorage' };
  }
  const folder = normalizeFolder(input.folder);
  if (folder === undefined) return { ok: false, message: 'backup.badFolder' };
  if (typeof input.objects !== 'boolean') return { ok: false, message: 'backup.badObjects' };
  return {
    ok: true,
    schedule: {
      enabled: input.enabled,
      frequency: input.frequency,
      hour: input.hour,
      weekday: input.weekday,
      keep: input.keep,
      storageConfigId: storageConfigId === null ? null : storageConfigId.trim(),
      folder,
      objects: input.objects,
    },
  };
}

/** The stored JSON read back; anything missing or damaged falls back to the default, field by field. */
export function parseStoredSchedule(text: string | undefined): StoredBackupSchedule {
  let value: unknown;
  try {
    value = text === undefined ? {} : JSON.parse(text);
  } catch {
    value = {};
  }
  const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const schedule: BackupSchedule = { ...DEFAULT_BACKUP_SCHEDULE };
  for (const key of Object.keys(DEFAULT_BACKUP_SCHEDULE) as (keyof BackupSchedule)[]) {
    if (!(key in record)) continue;
    const checked = checkSchedule(DEFAULT_BACKUP_SCHEDULE, { [key]: record[key] });
    if (checked.ok) Object.assign(schedule, { [key]: checked.schedule[key] });
  }
  const savedAt = typeof record.savedAt === 'number' && Number.isFinite(record.savedAt) ? record.savedAt : 0;
  return { ...schedule, savedAt };
}

export function publicSchedule(stored: StoredBackupSchedule): BackupSchedule {
  const { savedAt: _savedAt, ...schedule } = stored;
  return schedule;
}
