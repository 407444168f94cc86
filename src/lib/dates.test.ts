// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDayMonth, formatFoundDate } from '@/lib/dates';

describe('dates', () => {
  it("shows a post's date as 'D MMM'", () => {
    expect(formatDayMonth('2025-03-05T12:00:00')).toBe('5 Mar');
    expect(formatDayMonth('2025-12-31T12:00:00')).toBe('31 Dec');
  });

  it("reads a post's date in UTC where the device's time zone is not known", () => {
    expect(formatDayMonth('2025-03-05T23:30:00Z', 'UTC')).toBe('5 Mar');
    expect(formatDayMonth('2025-03-06T00:30:00+02:00', 'UTC')).toBe('5 Mar');
  });

  it("shows a found date as '5 Mar 2025'", () => {
    expect(formatFoundDate('2025-03-05')).toBe('5 Mar 2025');
    expect(formatFoundDate('2024-11-20')).toBe('20 Nov 2024');
  });

  it('leaves unreadable input as it is', () => {
    expect(formatDayMonth('soon')).toBe('soon');
    expect(formatFoundDate('soon')).toBe('soon');
  });
});
