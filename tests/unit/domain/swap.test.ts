// domain/swap.ts: rollovers at 17:00 New York through the time zone (daylight saving moves the UTC hour), three
// nights on the triple day, none on Saturday and Sunday, the accelerated period; and one rollover's amount.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SWAP_SCHEDULE,
  rolloversBetween,
  swapAmount,
  validTimeZone,
  zonedInstant,
} from '../../../domain/swap.ts';
import { lots, price } from '../../../domain/units.ts';

const spec = { MarginMode: 2, ForexContNum: '100000', ForexFeeRate: '0.002' };

describe('rollovers', () => {
  it('17:00 New York is 22:00 UTC in winter and 21:00 UTC in summer', () => {
    expect(zonedInstant(2026, 1, 5, 17, 0, 'America/New_York')).toBe(Date.UTC(2026, 0, 5, 22));
    expect(zonedInstant(2026, 7, 6, 17, 0, 'America/New_York')).toBe(Date.UTC(2026, 6, 6, 21));
  });

  it('across the start of daylight saving (Sunday 8 March 2026) the UTC hour moves by one', () => {
    const r = rolloversBetween(Date.UTC(2026, 2, 5, 23), Date.UTC(2026, 2, 10, 23), DEFAULT_SWAP_SCHEDULE);
    expect(r.map((x) => new Date(x.at).toISOString())).toEqual([
      '2026-03-06T22:00:00.000Z', // Friday, EST
      '2026-03-09T21:00:00.000Z', // Monday, EDT
      '2026-03-10T21:00:00.000Z',
    ]);
  });

  it('a week has five rollovers, seven nights: three on Wednesday, none at the weekend', () => {
    const r = rolloversBetween(Date.UTC(2026, 0, 4), Date.UTC(2026, 0, 11), DEFAULT_SWAP_SCHEDULE);
    expect(r.map((x) => new Date(x.at).getUTCDay())).toEqual([1, 2, 3, 4, 5]);
    expect(r.map((x) => x.nights)).toEqual([1, 1, 3, 1, 1]);
    const fri = rolloversBetween(Date.UTC(2026, 0, 4), Date.UTC(2026, 0, 11), {
      ...DEFAULT_SWAP_SCHEDULE,
      tripleDay: 5,
    });
    expect(fri.map((x) => x.nights)).toEqual([1, 1, 1, 1, 3]);
  });

  it('the range is (from, to]: a rollover exactly at `to` counts, one at `from` does not', () => {
    const mon = Date.UTC(2026, 0, 5, 22);
    expect(rolloversBetween(mon - 1, mon, DEFAULT_SWAP_SCHEDULE).map((x) => x.at)).toEqual([mon]);
    expect(rolloversBetween(mon, mon + 1000, DEFAULT_SWAP_SCHEDULE)).toEqual([]);
  });

  it('another zone and time', () => {
    const r = rolloversBetween(Date.UTC(2026, 0, 5), Date.UTC(2026, 0, 6), {
      rolloverTime: '00:00',
      timeZone: 'Asia/Tokyo',
      tripleDay: 3,
    });
    expect(r.map((x) => new Date(x.at).toISOString())).toEqual(['2026-01-05T15:00:00.000Z']);
    expect(validTimeZone('Mars/Olympus')).toBe(false);
  });

  it('accelerated: every multiple of the period, one night each', () => {
    expect(rolloversBetween(1500, 5000, DEFAULT_SWAP_SCHEDULE, 1000).map((x) => [x.at, x.nights])).toEqual([
      [2000, 1],
      [3000, 1],
      [4000, 1],
      [5000, 1],
    ]);
  });
});

describe('swapAmount', () => {
  it('points: lots × units × rate × one price step, times the nights', () => {
    const terms = { longRate: '-6.5', shortRate: '1.2', mode: 'points' as const };
    expect(swapAmount(terms, spec, 5, 'buy', lots('0.3'), price('1.1'), 1).toFixed()).toBe('-1.95');
    expect(swapAmount(terms, spec, 5, 'sell', lots('1'), price('1.1'), 3).toFixed()).toBe('3.6');
  });
  it('percent a year: lots × units × price × rate / 100 / 360, rounded half-up to 6 places', () => {
    const terms = { longRate: '-3', shortRate: '0.5', mode: 'percent' as const };
    // 100,000 × 1.08 × −3 % / 360 = −9
    expect(swapAmount(terms, spec, 5, 'buy', lots('1'), price('1.08'), 1).toFixed()).toBe('-9');
    expect(swapAmount(terms, spec, 5, 'sell', lots('0.01'), price('1.08333'), 1).toFixed()).toBe('0.015046');
  });
});
