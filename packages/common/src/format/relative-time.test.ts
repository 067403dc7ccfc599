import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = Date.UTC(2026, 10, 20, 12, 0, 0);
const ago = (seconds: number) => now - seconds * 1000;

describe('timeAgo (Vietnamese relative time)', () => {
  it('counts seconds, minutes, hours and days', () => {
    expect(timeAgo(ago(0), now)).toBe('vừa xong');
    expect(timeAgo(ago(1), now)).toBe('1 giây trước');
    expect(timeAgo(ago(59), now)).toBe('59 giây trước');
    expect(timeAgo(ago(60), now)).toBe('1 phút trước');
    expect(timeAgo(ago(5 * 60 + 30), now)).toBe('5 phút trước');
    expect(timeAgo(ago(3 * 3600), now)).toBe('3 giờ trước');
    expect(timeAgo(ago(2 * 86400), now)).toBe('2 ngày trước');
  });

  it('uses 30-day months and 365-day years', () => {
    expect(timeAgo(ago(29 * 86400), now)).toBe('29 ngày trước');
    expect(timeAgo(ago(30 * 86400), now)).toBe('1 tháng trước');
    expect(timeAgo(ago(364 * 86400), now)).toBe('12 tháng trước');
    expect(timeAgo(ago(365 * 86400), now)).toBe('1 năm trước');
    expect(timeAgo(ago(3 * 365 * 86400), now)).toBe('3 năm trước');
  });

  it('reads ISO strings and speaks of the future with "nữa"', () => {
    expect(timeAgo('2026-11-20T11:55:00Z', now)).toBe('5 phút trước');
    expect(timeAgo('2026-11-20T14:00:00Z', now)).toBe('2 giờ nữa');
  });

  it('is empty for an invalid date', () => {
    expect(timeAgo('x', now)).toBe('');
    expect(timeAgo(null, now)).toBe('');
  });
});
