// @vitest-environment node
// Market hours and exact price ticks: forex trades Sunday 17:00 to Friday 17:00 New York time (22:00 UTC in winter,
// the dates below); metals, indices and energy Sunday 18:00 to Friday 17:00 with a daily break from 17:00 to 18:00;
// a European index Frankfurt's 01:10 to 22:00 on weekdays; crypto never shuts.
import { describe, expect, it } from 'vitest';
import {
  isOpenAt,
  lastOpenAtOrBefore,
  nextStatusChange,
  openSecondsIn,
  sessionAround,
  tradingDayStart,
  tradingStatusAt,
} from '../../../../server/market/market-hours.ts';
import { changePercentText, textToTicks, ticksToText } from '../../../../server/market/price-ticks.ts';

const at = (iso: string): number => Date.parse(iso) / 1000;

describe('market hours', () => {
  it('closes FX from Friday 22:00 to Sunday 22:00 UTC, with no break in the week', () => {
    expect(isOpenAt('fx', at('2026-11-20T21:59:59Z'))).toBe(true); // Friday
    expect(isOpenAt('fx', at('2026-11-20T22:00:00Z'))).toBe(false);
    expect(isOpenAt('fx', at('2026-11-21T12:00:00Z'))).toBe(false); // Saturday
    expect(isOpenAt('fx', at('2026-11-22T21:59:59Z'))).toBe(false); // Sunday
    expect(isOpenAt('fx', at('2026-11-22T22:00:00Z'))).toBe(true);
    expect(isOpenAt('fx', at('2026-11-24T22:30:00Z'))).toBe(true); // Tuesday, in the others' break
  });

  it('opens metals, indices and energy on Sunday 23:00 and stops them daily from 22:00 to 23:00 UTC', () => {
    for (const cls of ['metal', 'index', 'energy'] as const) {
      expect(isOpenAt(cls, at('2026-11-22T22:30:00Z'))).toBe(false); // Sunday, after forex opened
      expect(isOpenAt(cls, at('2026-11-22T23:00:00Z'))).toBe(true);
      for (const day of ['23', '24', '25', '26']) {
        expect(isOpenAt(cls, at(`2026-11-${day}T21:59:59Z`))).toBe(true); // Monday to Thursday
        expect(isOpenAt(cls, at(`2026-11-${day}T22:00:00Z`))).toBe(false);
        expect(isOpenAt(cls, at(`2026-11-${day}T22:59:59Z`))).toBe(false);
        expect(isOpenAt(cls, at(`2026-11-${day}T23:00:00Z`))).toBe(true);
      }
      expect(isOpenAt(cls, at('2026-11-27T21:59:59Z'))).toBe(true); // Friday
      expect(isOpenAt(cls, at('2026-11-27T22:00:00Z'))).toBe(false);
      expect(isOpenAt(cls, at('2026-11-28T12:00:00Z'))).toBe(false); // Saturday
    }
  });

  it('keeps crypto open around the clock', () => {
    for (const iso of ['2026-11-20T22:00:00Z', '2026-11-21T12:00:00Z', '2026-11-22T21:59:59Z']) {
      expect(isOpenAt('crypto', at(iso))).toBe(true);
    }
    expect(nextStatusChange('crypto', at('2026-11-21T12:00:00Z'))).toBeNull();
  });

  it('lays scheduled closures over the weekly hours: open now, and when that next changes', () => {
    const ms = (iso: string): number => Date.parse(iso);
    // 2026-12-25 is a Friday: its closure runs into the weekend.
    const christmas = { startsAt: ms('2026-12-25T00:00:00Z'), endsAt: ms('2026-12-26T00:00:00Z') };
    const midweek = { startsAt: ms('2026-12-23T00:00:00Z'), endsAt: ms('2026-12-23T12:00:00Z') };
    const long = { startsAt: ms('2026-12-24T18:00:00Z'), endsAt: ms('2026-12-28T00:00:00Z') };
    // A closure before Friday's weekly close comes first.
    expect(tradingStatusAt('fx', ms('2026-12-21T12:00:00Z'), [christmas])).toEqual({
      open: true,
      next: christmas.startsAt,
    });
    // Shut through it and the weekend that follows, until Sunday's open.
    expect(tradingStatusAt('fx', ms('2026-12-25T12:00:00Z'), [christmas])).toEqual({
      open: false,
      next: ms('2026-12-27T22:00:00Z'),
    });
    // In mid-week, trading opens at its end, and the weekly close follows.
    expect(tradingStatusAt('metal', ms('2026-12-23T06:00:00Z'), [midweek])).toEqual({
      open: false,
      next: midweek.endsAt,
    });
    expect(tradingStatusAt('fx', midweek.endsAt, [midweek])).toEqual({ open: true, next: ms('2026-12-25T22:00:00Z') });
    // Metals then stop at the day's break.
    expect(tradingStatusAt('metal', midweek.endsAt, [midweek])).toEqual({
      open: true,
      next: ms('2026-12-23T22:00:00Z'),
    });
    // One ending after Sunday's open keeps the market shut until its end.
    expect(tradingStatusAt('index', ms('2026-12-24T18:00:00Z'), [long])).toEqual({ open: false, next: long.endsAt });
    // Crypto never closes but for a closure; with none, no change is coming.
    expect(tradingStatusAt('crypto', ms('2026-12-21T12:00:00Z'), [christmas])).toEqual({
      open: true,
      next: christmas.startsAt,
    });
    expect(tradingStatusAt('crypto', ms('2026-12-25T12:00:00Z'), [christmas])).toEqual({
      open: false,
      next: christmas.endsAt,
    });
    expect(tradingStatusAt('crypto', ms('2026-12-26T12:00:00Z'), [])).toEqual({ open: true, next: null });
    // Without closures it is the weekly hours.
    expect(tradingStatusAt('fx', ms('2026-11-21T12:00:00Z'), [])).toEqual({
      open: false,
      next: ms('2026-11-22T22:00:00Z'),
    });
  });

  it('counts only trading seconds', () => {
    const fri = at('2026-11-20T21:00:00Z');
    const mon = at('2026-11-23T01:00:00Z');
    expect(openSecondsIn('fx', fri, mon)).toBe(3600 + 3 * 3600); // Fri 21–22 and Sun 22 – Mon 01
    expect(openSecondsIn('crypto', fri, mon)).toBe(mon - fri);
    expect(openSecondsIn('fx', at('2026-11-21T00:00:00Z'), at('2026-11-22T00:00:00Z'))).toBe(0);
    expect(openSecondsIn('index', fri, mon)).toBe(3600 + 2 * 3600); // Fri 21–22 and Sun 23 – Mon 01
    // A whole week: five days less the four daily hours and Sunday's later open.
    const week = [at('2026-11-22T00:00:00Z'), at('2026-11-29T00:00:00Z')] as const;
    expect(openSecondsIn('fx', ...week)).toBe(5 * 86_400);
    expect(openSecondsIn('energy', ...week)).toBe(5 * 86_400 - 5 * 3600);
  });

  it('knows when the status flips next and the last open instant', () => {
    expect(nextStatusChange('fx', at('2026-11-20T12:00:00Z'))).toBe(at('2026-11-20T22:00:00Z'));
    expect(nextStatusChange('fx', at('2026-11-21T12:00:00Z'))).toBe(at('2026-11-22T22:00:00Z'));
    expect(lastOpenAtOrBefore('fx', at('2026-11-21T12:00:00Z'))).toBe(at('2026-11-20T22:00:00Z'));
    expect(nextStatusChange('metal', at('2026-11-24T12:00:00Z'))).toBe(at('2026-11-24T22:00:00Z'));
    expect(nextStatusChange('metal', at('2026-11-24T22:10:00Z'))).toBe(at('2026-11-24T23:00:00Z'));
    expect(nextStatusChange('metal', at('2026-11-26T23:00:00Z'))).toBe(at('2026-11-27T22:00:00Z')); // no break Friday
    expect(nextStatusChange('metal', at('2026-11-28T12:00:00Z'))).toBe(at('2026-11-29T23:00:00Z'));
    expect(lastOpenAtOrBefore('index', at('2026-11-24T22:10:00Z'))).toBe(at('2026-11-24T22:00:00Z'));
  });

  it('gives the session open now, or the next one while shut, for the specification sheet', () => {
    const s = (iso: string) => ({ open: at(iso.split('/')[0] ?? ''), close: at(iso.split('/')[1] ?? '') });
    expect(sessionAround('fx', at('2026-11-24T12:00:00Z'))).toEqual(s('2026-11-22T22:00:00Z/2026-11-27T22:00:00Z'));
    expect(sessionAround('fx', at('2026-11-28T12:00:00Z'))).toEqual(s('2026-11-29T22:00:00Z/2026-12-04T22:00:00Z'));
    expect(sessionAround('index', at('2026-11-24T12:00:00Z'))).toEqual(s('2026-11-23T23:00:00Z/2026-11-24T22:00:00Z'));
    expect(sessionAround('index', at('2026-11-24T22:30:00Z'))).toEqual(s('2026-11-24T23:00:00Z/2026-11-25T22:00:00Z'));
    expect(sessionAround('index', at('2026-11-23T12:00:00Z'))).toEqual(s('2026-11-22T23:00:00Z/2026-11-23T22:00:00Z'));
    expect(sessionAround('index', at('2026-11-27T12:00:00Z'))).toEqual(s('2026-11-26T23:00:00Z/2026-11-27T22:00:00Z'));
    expect(sessionAround('index', at('2026-11-28T12:00:00Z'))).toEqual(s('2026-11-29T23:00:00Z/2026-11-30T22:00:00Z'));
    expect(sessionAround('crypto', at('2026-11-24T12:00:00Z'))).toBeNull();
  });

  it('agrees with itself every five minutes around the clock changes: changes, open seconds, sessions', () => {
    // From a Thursday or Friday, so a weekend's edges are in; New York's clock moves on 8 March and 1 November 2026,
    // Frankfurt's on 29 March and 25 October.
    const spans = [
      ['2026-11-20', 9],
      ['2026-03-05', 5],
      ['2026-10-29', 5],
      ['2026-03-26', 5],
      ['2026-10-22', 5],
    ] as const;
    for (const [day, days] of spans)
      for (const cls of ['fx', 'metal', 'eu-index', 'crypto'] as const) {
        const from = at(`${day}T00:00:00Z`);
        let open = 0;
        let next = nextStatusChange(cls, from);
        const STEP = 300; // every edge is on the hour
        for (let t = from; t < from + days * 86_400; t += STEP) {
          const isOpen = isOpenAt(cls, t);
          if (isOpen) open += STEP;
          if (next !== null && t >= next) next = nextStatusChange(cls, t);
          // The status holds until the next change, and flips there.
          if (next !== null)
            expect([isOpenAt(cls, next - 1), isOpenAt(cls, next)], `${cls} ${t}`).toEqual([isOpen, !isOpen]);
          const session = sessionAround(cls, t);
          if (session) {
            expect(
              isOpenAt(cls, session.open) && isOpenAt(cls, session.close - 1) && !isOpenAt(cls, session.close),
            ).toBe(true);
            expect(isOpen ? session.open <= t && t < session.close : t < session.open).toBe(true);
            expect(openSecondsIn(cls, session.open, session.close)).toBe(session.close - session.open);
          }
        }
        expect(openSecondsIn(cls, from, from + days * 86_400)).toBe(open);
      }
  });

  it('starts FX trading days at 22:00 UTC and crypto days at midnight', () => {
    expect(tradingDayStart('fx', at('2026-11-24T23:30:00Z'))).toBe(at('2026-11-24T22:00:00Z'));
    expect(tradingDayStart('fx', at('2026-11-24T21:30:00Z'))).toBe(at('2026-11-23T22:00:00Z'));
    // Closed for the weekend: the quote still belongs to Friday's session (Thursday 22:00 – Friday 22:00).
    expect(tradingDayStart('fx', at('2026-11-21T12:00:00Z'))).toBe(at('2026-11-19T22:00:00Z'));
    // Sunday's reopening starts Monday's session.
    expect(tradingDayStart('fx', at('2026-11-22T22:00:01Z'))).toBe(at('2026-11-22T22:00:00Z'));
    expect(tradingDayStart('crypto', at('2026-11-21T12:00:00Z'))).toBe(at('2026-11-21T00:00:00Z'));
  });

  it("starts the other classes' trading days at their 23:00 open: a break belongs to the day it ends", () => {
    expect(tradingDayStart('metal', at('2026-11-24T23:30:00Z'))).toBe(at('2026-11-24T23:00:00Z'));
    expect(tradingDayStart('metal', at('2026-11-24T22:30:00Z'))).toBe(at('2026-11-23T23:00:00Z'));
    expect(tradingDayStart('metal', at('2026-11-24T21:30:00Z'))).toBe(at('2026-11-23T23:00:00Z'));
    expect(tradingDayStart('index', at('2026-11-22T23:00:01Z'))).toBe(at('2026-11-22T23:00:00Z')); // Monday's
    expect(tradingDayStart('energy', at('2026-11-28T12:00:00Z'))).toBe(at('2026-11-26T23:00:00Z')); // Friday's
  });
});

describe('market hours on New York time', () => {
  it('closes and opens an hour earlier in UTC while New York keeps summer time', () => {
    // 2026-07-17 is a Friday: New York's 17:00 is 21:00 UTC.
    expect(isOpenAt('fx', at('2026-07-17T20:59:59Z'))).toBe(true);
    expect(isOpenAt('fx', at('2026-07-17T21:00:00Z'))).toBe(false);
    expect(isOpenAt('fx', at('2026-07-19T21:00:00Z'))).toBe(true);
    expect(isOpenAt('metal', at('2026-07-19T21:30:00Z'))).toBe(false);
    expect(isOpenAt('metal', at('2026-07-21T21:00:00Z'))).toBe(false); // Tuesday's break, 21:00–22:00 UTC
    expect(isOpenAt('metal', at('2026-07-21T22:00:00Z'))).toBe(true);
    expect(nextStatusChange('index', at('2026-07-21T12:00:00Z'))).toBe(at('2026-07-21T21:00:00Z'));
    expect(tradingDayStart('fx', at('2026-07-21T21:30:00Z'))).toBe(at('2026-07-21T21:00:00Z'));
    expect(tradingDayStart('energy', at('2026-07-21T21:30:00Z'))).toBe(at('2026-07-20T22:00:00Z'));
    expect(tradingDayStart('crypto', at('2026-07-21T21:30:00Z'))).toBe(at('2026-07-21T00:00:00Z'));
  });

  it('follows the clock change over the weekend it falls in', () => {
    // Spring: shut at Friday's 22:00 UTC (EST), open at Sunday's 21:00 UTC (EDT), an hour less shut.
    expect(lastOpenAtOrBefore('fx', at('2026-03-07T12:00:00Z'))).toBe(at('2026-03-06T22:00:00Z'));
    expect(nextStatusChange('fx', at('2026-03-07T12:00:00Z'))).toBe(at('2026-03-08T21:00:00Z'));
    expect(sessionAround('fx', at('2026-03-07T12:00:00Z'))).toEqual({
      open: at('2026-03-08T21:00:00Z'),
      close: at('2026-03-13T21:00:00Z'),
    });
    // Autumn: shut at 21:00 UTC, open at Sunday's 22:00 UTC: the week's open seconds stay five days.
    expect(nextStatusChange('fx', at('2026-10-30T12:00:00Z'))).toBe(at('2026-10-30T21:00:00Z'));
    expect(nextStatusChange('fx', at('2026-10-31T12:00:00Z'))).toBe(at('2026-11-01T22:00:00Z'));
    expect(openSecondsIn('fx', at('2026-10-26T00:00:00Z'), at('2026-11-02T00:00:00Z'))).toBe(
      4 * 86_400 + 21 * 3600 + 2 * 3600,
    );
    expect(tradingDayStart('fx', at('2026-11-01T22:00:01Z'))).toBe(at('2026-11-01T22:00:00Z'));
  });
});

describe("a European index on Frankfurt's session, 01:10 to 22:00", () => {
  it('opens at 00:10 and shuts at 21:00 UTC in winter, and from Friday to Monday', () => {
    expect(isOpenAt('eu-index', at('2026-11-24T00:09:59Z'))).toBe(false); // Tuesday
    expect(isOpenAt('eu-index', at('2026-11-24T00:10:00Z'))).toBe(true);
    expect(isOpenAt('eu-index', at('2026-11-24T20:59:59Z'))).toBe(true);
    expect(isOpenAt('eu-index', at('2026-11-24T21:00:00Z'))).toBe(false);
    expect(nextStatusChange('eu-index', at('2026-11-27T12:00:00Z'))).toBe(at('2026-11-27T21:00:00Z'));
    expect(nextStatusChange('eu-index', at('2026-11-28T12:00:00Z'))).toBe(at('2026-11-30T00:10:00Z'));
    expect(lastOpenAtOrBefore('eu-index', at('2026-11-29T23:00:00Z'))).toBe(at('2026-11-27T21:00:00Z'));
    // Five sessions of 20 h 50 min a week.
    const week = [at('2026-11-22T00:00:00Z'), at('2026-11-29T00:00:00Z')] as const;
    expect(openSecondsIn('eu-index', ...week)).toBe(5 * (20 * 3600 + 50 * 60));
  });

  it('keeps Frankfurt summer time, and starts its trading day at the open', () => {
    expect(sessionAround('eu-index', at('2026-07-21T12:00:00Z'))).toEqual({
      open: at('2026-07-20T23:10:00Z'),
      close: at('2026-07-21T20:00:00Z'),
    });
    // Between New York's change and Frankfurt's, each keeps its own: Frankfurt's 22:00 still 21:00 UTC, as New York's 17:00.
    expect(nextStatusChange('eu-index', at('2026-03-10T12:00:00Z'))).toBe(at('2026-03-10T21:00:00Z'));
    expect(nextStatusChange('index', at('2026-03-10T12:00:00Z'))).toBe(at('2026-03-10T21:00:00Z'));
    expect(nextStatusChange('eu-index', at('2026-03-31T12:00:00Z'))).toBe(at('2026-03-31T20:00:00Z'));
    expect(tradingDayStart('eu-index', at('2026-11-24T12:00:00Z'))).toBe(at('2026-11-24T00:10:00Z'));
    expect(tradingDayStart('eu-index', at('2026-11-28T12:00:00Z'))).toBe(at('2026-11-27T00:10:00Z')); // Friday's
  });
});

describe('price ticks', () => {
  it('formats and parses exactly at the precision', () => {
    expect(ticksToText(108123, 5)).toBe('1.08123');
    expect(ticksToText(5, 5)).toBe('0.00005');
    expect(ticksToText(6725000, 2)).toBe('67250.00');
    expect(ticksToText(39100, 0)).toBe('39100');
    expect(textToTicks('1.08123', 5)).toBe(108123);
    expect(textToTicks('1.1', 5)).toBe(110000);
    expect(textToTicks('1.081230', 5)).toBe(108123); // trailing zeros are fine
    expect(textToTicks('1.081234', 5)).toBeNull(); // finer than the precision
    expect(textToTicks('-1', 2)).toBeNull();
    expect(textToTicks('1e3', 2)).toBeNull();
  });

  it('computes the percent change with 2 decimals, half away from zero', () => {
    expect(changePercentText(108500, 108000)).toBe('0.46'); // 0.4629…
    expect(changePercentText(100000, 100000)).toBe('0.00');
    expect(changePercentText(99650, 100000)).toBe('-0.35');
    expect(changePercentText(100005, 100000)).toBe('0.01'); // exactly 0.005 % rounds up
    expect(changePercentText(99995, 100000)).toBe('-0.01');
    expect(changePercentText(99999, 100000)).toBe('0.00');
  });
});
