import type { BackupSchedule } from './backup-schedule';

/**
 * When a schedule's runs are due, in the server's local time (the Date's local fields): daily at
 * `hour`:00, weekly on `weekday` at `hour`:00. On a day whose `hour` does not exist (a DST jump),
 * the Date constructor moves it forward, as a wall clock would.
 */

function slotOn(year: number, month: number, day: number, hour: number): Date {
  return new Date(year, month, day, hour, 0, 0, 0);
}

/** The latest scheduled time at or before `now` (epoch milliseconds). */
export function latestSlot(schedule: Pick<BackupSchedule, 'frequency' | 'hour' | 'weekday'>, now: Date): number {
  const daysBack = (date: Date): number => (schedule.frequency === 'weekly' ? (date.getDay() - schedule.weekday + 7) % 7 : 0);
  let back = daysBack(now);
  let slot = slotOn(now.getFullYear(), now.getMonth(), now.getDate() - back, schedule.hour);
  if (slot.getTime() > now.getTime()) {
    back += schedule.frequency === 'weekly' ? 7 : 1;
    slot = slotOn(now.getFullYear(), now.getMonth(), now.getDate() - back, schedule.hour);
  }
  return slot.getTime();
}

/**
 * The scheduled time a wake-up at `now` should run, or undefined: the latest one, unless it was run
 * already (`lastSlot`) or came before the schedule was saved (`savedAt`: a newly set hour that has
 * passed today waits for its next turn). Times missed while the server was down collapse into the
 * latest one: it runs once, at the first wake-up.
 */
export function dueSlot(
  schedule: Pick<BackupSchedule, 'enabled' | 'frequency' | 'hour' | 'weekday'> & { savedAt: number },
  lastSlot: number | null,
  now: Date,
): number | undefined {
  if (!schedule.enabled) return undefined;
  const slot = latestSlot(schedule, now);
  if (slot <= schedule.savedAt) return undefined;
  if (lastSlot !== null && slot <= lastSlot) return undefined;
  return slot;
}
