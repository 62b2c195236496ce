// A soak lane ends when both its deadline and its floor of draws are passed (scripts/soak/lane.ts): a host too slow
// for the deadline still makes every draw, the tour of every kind of action first and an order kept at the end.
import { describe, expect, it } from 'vitest';
import { HOLD, TOUR, runLane, type LaneSchedule } from '../../../../scripts/soak/lane.ts';

/** A clock that moves `stepMs` per draw, from 0. */
function lane(s: Partial<LaneSchedule> & { stepMs: number }): Promise<{ draws: number; seen: number[] }> {
  let t = 0;
  const seen: number[] = [];
  const schedule: LaneSchedule = { until: 0, floor: 0, balanced: false, now: () => t, random: () => 0.5, ...s };
  return runLane(async (r) => {
    seen.push(r);
    t += s.stepMs;
  }, schedule).then((draws) => ({ draws, seen }));
}

describe('soak lane', () => {
  it('makes the floor of draws past its deadline, the tour first and a kept order last', async () => {
    const { draws, seen } = await lane({ until: 1000, floor: 8, stepMs: 5000 });
    expect(seen).toEqual([...TOUR, 0.5, 0.5, 0.5, HOLD]);
    expect(draws).toBe(9);
  });

  it('goes on to its deadline when the host is fast', async () => {
    const { draws, seen } = await lane({ until: 100, floor: 3, stepMs: 10 });
    expect(draws).toBe(11);
    expect(seen.slice(0, TOUR.length)).toEqual([...TOUR]);
    expect(seen.at(-1)).toBe(HOLD);
  });

  it('keeps a balanced lane to its level: no tour and no kept order', async () => {
    const { seen } = await lane({ until: 0, floor: 4, balanced: true, stepMs: 1 });
    expect(seen).toEqual([0.5, 0.5, 0.5, 0.5]);
  });
});
