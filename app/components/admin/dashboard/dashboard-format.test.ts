import { describe, expect, it } from 'vitest';
import { changeOn, formatDuration, formatRate } from './dashboard-format';

const minutes = (count: number) => count * 60_000;
const hours = (count: number) => count * 3_600_000;
const days = (count: number) => count * 86_400_000;

describe('formatDuration: how long until a lead was answered, as people say it', () => {
  it.each([
    [null, '—'],
    [30_000, 'under a minute'],
    [minutes(25), '25 min'],
    [hours(2) + minutes(15), '2 h 15 min'],
    [hours(5), '5 h'],
    [hours(23) + minutes(59.9), '24 h'],
    [days(1) + hours(3), '1 day 3 h'],
    [days(3), '3 days'],
    [days(12) + hours(13), '13 days'],
  ])('%s ms is “%s”', (ms, words) => {
    expect(formatDuration(ms)).toBe(words);
  });
});

describe('changeOn and formatRate', () => {
  it('rounds a change to a whole percent, and a rate to what can be read', () => {
    expect(changeOn(7, 6, '7d')).toBe('up 17% on the 7 before');
    expect(changeOn(2, 3, '12w')).toBe('down 33% on the 12 before');
    expect(formatRate(0.4)).toBe('40%');
    expect(formatRate(0.0125)).toBe('1.3%');
    expect(formatRate(null)).toBe('—');
  });
});
