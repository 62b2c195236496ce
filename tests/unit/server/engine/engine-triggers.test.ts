// @vitest-environment node
// The engine's pure trigger rules: pending fills, stop crossings, stop-out order and level, the gap cap.
import { describe, expect, it } from 'vitest';
import {
  belowStopOut,
  cappedRealised,
  pendingFills,
  stopHit,
  stopOutQueue,
  stopSideError,
} from '../../../../server/engine/triggers.ts';
import { price, usd } from '../../../../domain/units.ts';

const p = price;

describe('pending fills', () => {
  it('a target below the submit price fills at or below it, not above', () => {
    expect(pendingFills(p('1.1000'), p('1.0950'), p('1.0951'))).toBe(false);
    expect(pendingFills(p('1.1000'), p('1.0950'), p('1.0950'))).toBe(true);
    expect(pendingFills(p('1.1000'), p('1.0950'), p('1.0900'))).toBe(true);
  });
  it('a target above the submit price fills at or above it, not below', () => {
    expect(pendingFills(p('1.1000'), p('1.1050'), p('1.1049'))).toBe(false);
    expect(pendingFills(p('1.1000'), p('1.1050'), p('1.1050'))).toBe(true);
    expect(pendingFills(p('1.1000'), p('1.1050'), p('1.2000'))).toBe(true);
  });
});

describe('stops', () => {
  it('buy: stop-loss at or below, stop-profit at or above', () => {
    expect(stopHit('buy', p('1.0990'), p('1.1100'), p('1.0900'))).toBeNull();
    expect(stopHit('buy', p('1.0900'), p('1.1100'), p('1.0900'))).toBe('stop_loss');
    expect(stopHit('buy', p('1.0800'), p('1.1100'), p('1.0900'))).toBe('stop_loss');
    expect(stopHit('buy', p('1.1100'), p('1.1100'), p('1.0900'))).toBe('stop_profit');
    expect(stopHit('buy', p('1.2000'), null, p('1.0900'))).toBeNull();
  });
  it('sell is mirrored', () => {
    expect(stopHit('sell', p('1.1000'), p('1.0900'), p('1.1100'))).toBeNull();
    expect(stopHit('sell', p('1.1100'), p('1.0900'), p('1.1100'))).toBe('stop_loss');
    expect(stopHit('sell', p('1.0850'), p('1.0900'), p('1.1100'))).toBe('stop_profit');
    expect(stopHit('sell', p('0.5'), null, null)).toBeNull();
  });
  it('side rules against the reference price', () => {
    expect(stopSideError('buy', p('100'), p('110'), p('90'))).toBeNull();
    expect(stopSideError('buy', p('100'), null, p('100'))).toBe('stop_loss_below');
    expect(stopSideError('buy', p('100'), p('99'), null)).toBe('stop_profit_above');
    expect(stopSideError('sell', p('100'), p('90'), p('110'))).toBeNull();
    expect(stopSideError('sell', p('100'), null, p('95'))).toBe('stop_loss_above');
    expect(stopSideError('sell', p('100'), p('100'), null)).toBe('stop_profit_below');
    expect(stopSideError('sell', p('100'), null, null)).toBeNull();
  });
});

describe('stop-out', () => {
  it('closes the largest loss first, oldest first on a tie', () => {
    const q = stopOutQueue([
      { id: 1, floating: usd('-10') },
      { id: 2, floating: usd('-50.5') },
      { id: 3, floating: usd('20') },
      { id: 4, floating: usd('-50.5') },
    ]);
    expect(q.map((e) => e.id)).toEqual([2, 4, 1, 3]);
  });
  it('is reached when equity / used margin ≤ 50 %', () => {
    // equity = 0 + 100 − 50 = 50 → 50 / 100 = 0.5: at the level
    expect(belowStopOut(usd('0'), usd('100'), usd('-50'))).toBe(true);
    expect(belowStopOut(usd('0'), usd('100'), usd('-49.99'))).toBe(false);
    expect(belowStopOut(usd('10'), usd('100'), usd('-60'))).toBe(true);
    expect(belowStopOut(usd('1000'), usd('0'), usd('0'))).toBe(false); // nothing used
  });
});

describe('gap cap', () => {
  it('a loss takes at most the available balance plus the released margin', () => {
    expect(cappedRealised(usd('-30'), usd('25')).toString()).toBe('-25');
    expect(cappedRealised(usd('-25'), usd('25')).toString()).toBe('-25');
    expect(cappedRealised(usd('-24'), usd('25')).toString()).toBe('-24');
    expect(cappedRealised(usd('99'), usd('1')).toString()).toBe('99');
  });
});
