import { activityDays, axisMax } from './activity';

describe('activity chart data', () => {
  it('labels the 7 UTC days ending today and reads the counts in order', () => {
    const days = activityDays(
      { lastWeekPastes: [1, 0, 0, 0, 0, 2, 3], lastWeekFiles: [0, 0, 0, 0, 0, 0, 4] },
      'en-US',
      new Date('2025-07-07T12:00:00Z'),
    );
    expect(days.map((day) => day.label)).toEqual(['7/1', '7/2', '7/3', '7/4', '7/5', '7/6', '7/7']);
    expect(days[6]).toEqual({ label: '7/7', pastes: 3, files: 4 });
    expect(days[0]?.pastes).toBe(1);
  });

  it('treats missing or odd counts as 0', () => {
    const days = activityDays({ lastWeekPastes: [], lastWeekFiles: [NaN, -1] as number[] }, 'zh-CN', new Date('2025-07-07T00:00:00Z'));
    expect(days.every((day) => day.pastes === 0 && day.files === 0)).toBe(true);
  });

  it('rounds the axis up to 4 even steps', () => {
    expect(axisMax([0])).toBe(4);
    expect(axisMax([5])).toBe(8);
    expect(axisMax([9])).toBe(12);
    expect(axisMax([37])).toBe(40);
    expect(axisMax([101])).toBe(120);
  });
});
