import { checkSchedule, DEFAULT_BACKUP_SCHEDULE, parseStoredSchedule } from './backup-schedule';
import { dueSlot, latestSlot } from './due-time';

/** Local wall-clock times (the schedule's hour is the server's local time). */
const local = (year: number, month: number, day: number, hour: number, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('latestSlot', () => {
  const daily = { frequency: 'daily' as const, hour: 3, weekday: 0 };

  it('is today at the hour once the hour has come, else yesterday at the hour', () => {
    expect(latestSlot(daily, local(2026, 3, 10, 3, 0))).toBe(local(2026, 3, 10, 3).getTime());
    expect(latestSlot(daily, local(2026, 3, 10, 23, 59))).toBe(local(2026, 3, 10, 3).getTime());
    expect(latestSlot(daily, local(2026, 3, 10, 2, 59))).toBe(local(2026, 3, 9, 3).getTime());
    expect(latestSlot(daily, local(2026, 3, 1, 1))).toBe(local(2026, 2, 28, 3).getTime());
  });

  it('weekly: the last such weekday at the hour, a week back when today is that day before the hour', () => {
    const mondays = { frequency: 'weekly' as const, hour: 3, weekday: 1 };
    // 2026-03-11 is a Wednesday, 2026-03-09 a Monday
    expect(local(2026, 3, 9, 0).getDay()).toBe(1);
    expect(latestSlot(mondays, local(2026, 3, 11, 12))).toBe(local(2026, 3, 9, 3).getTime());
    expect(latestSlot(mondays, local(2026, 3, 9, 4))).toBe(local(2026, 3, 9, 3).getTime());
    expect(latestSlot(mondays, local(2026, 3, 9, 2))).toBe(local(2026, 3, 2, 3).getTime());
    const sundays = { frequency: 'weekly' as const, hour: 0, weekday: 0 };
    expect(latestSlot(sundays, local(2026, 3, 14, 23))).toBe(local(2026, 3, 8, 0).getTime());
  });
});

describe('dueSlot', () => {
  const schedule = { enabled: true, frequency: 'daily' as const, hour: 3, weekday: 0, savedAt: local(2026, 3, 1, 12).getTime() };

  it('is nothing while the schedule is off', () => {
    expect(dueSlot({ ...schedule, enabled: false }, null, local(2026, 3, 5, 4))).toBeUndefined();
  });

  it('waits for the next time when the hour had passed on the day the schedule was saved', () => {
    expect(dueSlot(schedule, null, local(2026, 3, 1, 13))).toBeUndefined();
    expect(dueSlot(schedule, null, local(2026, 3, 2, 2, 59))).toBeUndefined();
    expect(dueSlot(schedule, null, local(2026, 3, 2, 3, 0))).toBe(local(2026, 3, 2, 3).getTime());
  });

  it('runs a time once: not again after it was claimed', () => {
    const slot = local(2026, 3, 2, 3).getTime();
    expect(dueSlot(schedule, slot, local(2026, 3, 2, 3, 1))).toBeUndefined();
    expect(dueSlot(schedule, slot, local(2026, 3, 2, 23, 0))).toBeUndefined();
    expect(dueSlot(schedule, slot, local(2026, 3, 3, 3, 0))).toBe(local(2026, 3, 3, 3).getTime());
  });

  it('turns the times missed while the server was down into one run, at the first wake-up', () => {
    const claimed = local(2026, 3, 2, 3).getTime();
    const wake = local(2026, 3, 6, 9, 30); // down from the 2nd to the 6th
    const slot = dueSlot(schedule, claimed, wake);
    expect(slot).toBe(local(2026, 3, 6, 3).getTime());
    expect(dueSlot(schedule, slot ?? null, local(2026, 3, 6, 9, 31))).toBeUndefined();
  });
});

describe('checkSchedule', () => {
  const current = { ...DEFAULT_BACKUP_SCHEDULE };

  it.each([
    [{ frequency: 'monthly' }, 'backup.badFrequency'],
    [{ keep: 0 }, 'backup.badKeep'],
    [{ keep: 91 }, 'backup.badKeep'],
    [{ keep: 2.5 }, 'backup.badKeep'],
    [{ hour: 24 }, 'backup.badHour'],
    [{ hour: -1 }, 'backup.badHour'],
    [{ weekday: 7 }, 'backup.badWeekday'],
    [{ folder: '../elsewhere' }, 'backup.badFolder'],
    [{ folder: 'a/../b' }, 'backup.badFolder'],
    [{ folder: 'a\\b' }, 'backup.badFolder'],
    [{ folder: '/root' }, 'backup.badFolder'],
    [{ enabled: 'yes' }, 'backup.badEnabled'],
  ])('refuses %j with %s', (update, message) => {
    expect(checkSchedule(current, update)).toEqual({ ok: false, message });
  });

  it('keeps the fields an update omits and drops a trailing slash of the folder', () => {
    expect(checkSchedule(current, { frequency: 'weekly', weekday: 5, folder: 'nightly/db/' })).toEqual({
      ok: true,
      schedule: { ...DEFAULT_BACKUP_SCHEDULE, frequency: 'weekly', weekday: 5, folder: 'nightly/db' },
    });
  });

  it('reads back a damaged stored value as the defaults, field by field', () => {
    expect(parseStoredSchedule(undefined)).toEqual({ ...DEFAULT_BACKUP_SCHEDULE, savedAt: 0 });
    expect(parseStoredSchedule('not json')).toEqual({ ...DEFAULT_BACKUP_SCHEDULE, savedAt: 0 });
    expect(parseStoredSchedule(JSON.stringify({ hour: 99, keep: 3, savedAt: 5 }))).toEqual({
      ...DEFAULT_BACKUP_SCHEDULE,
      keep: 3,
      savedAt: 5,
    });
  });
});
