// @vitest-environment node
// The first live frame's split (bench/startup/first-live-split.ts): a load's recorded moments cut into consecutive
// phases from the first paint to the frame that shows the first live quote.
import { describe, expect, it } from 'vitest';
import { firstLiveSplit, type FirstLiveMoments } from '../../../../bench/startup/first-live-split.ts';

const visitor: FirstLiveMoments = {
  firstPaint: 900,
  socketCreated: 2100,
  socketOpen: 2130,
  loginSent: null,
  loginAnswered: null,
  subSent: 2131,
  subAcked: 2170,
  firstQuotes: 2200,
  liveApplied: 2350,
  liveFrame: 2380,
};

describe('firstLiveSplit', () => {
  it('cuts a visitor’s first visit into phases that add up to paint → live frame', () => {
    const split = firstLiveSplit(visitor);
    expect(split.phases).toEqual([
      { name: 'paint → socket asked', ms: 1200 },
      { name: 'socket opening', ms: 30 },
      { name: 'login', ms: null },
      { name: 'subscription', ms: 40 },
      { name: "server's first flush", ms: 30 },
      { name: 'to the live frame', ms: 180 },
    ]);
    expect(split.paintToLiveMs).toBe(1480);
    expect(split.phases.reduce((sum, p) => sum + (p.ms ?? 0), 0)).toBe(split.paintToLiveMs);
    expect(split.liveFrameMs).toBe(2380);
  });

  it('puts a signed-in load’s login between the opening and the subscription', () => {
    const split = firstLiveSplit({ ...visitor, loginSent: 2131, loginAnswered: 2300, subSent: 2301, subAcked: 2320 });
    expect(split.phases.find((p) => p.name === 'login')?.ms).toBe(170);
    expect(split.phases.find((p) => p.name === 'subscription')?.ms).toBe(20);
  });

  it('leaves what did not happen within the window empty, never zero', () => {
    const split = firstLiveSplit({ ...visitor, firstQuotes: null, liveApplied: null, liveFrame: null });
    expect(split.paintToLiveMs).toBeNull();
    expect(split.phases.at(-2)?.ms).toBeNull();
    expect(split.phases.at(-1)?.ms).toBeNull();
  });
});
