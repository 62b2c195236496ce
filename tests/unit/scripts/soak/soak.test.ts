// The soak's memory rule (scripts/soak/soak.ts): growth is the median of the last three samples against the median
// of the three from the start second, and a heap snapshot moves that start past itself (writing one raises the RSS).
import { describe, expect, it } from 'vitest';
import { growthAfter, growthStartS, type SoakSample } from '../../../../scripts/soak/soak.ts';

/** Samples every 3 s with the given RSS figures (MB); the heap stays at 50 MB. */
function samples(rss: number[]): SoakSample[] {
  return rss.map((rssMb, i) => ({
    atS: (i + 1) * 3,
    rssMb,
    heapMb: 50,
    lagP99Ms: 1,
    lagMaxMs: 1,
    serverCpuPct: 1,
    actions: i,
    actionsPerS: 1,
    checkMs: 1,
    book: 0,
    load1: 0,
  }));
}

describe('soak memory growth', () => {
  it('counts from the start second, medians at both ends', () => {
    // 3 6 9 12 15 18 21 24: from 9 s the first three are 700, 900 (one GC-timed spike), 705; the last three 720.
    const s = samples([500, 600, 700, 900, 705, 710, 720, 720]);
    expect(growthAfter(s, 9, 'rssMb')).toBe(720 - 705);
    expect(growthAfter(s, 9, 'heapMb')).toBe(0);
  });

  it('starts after a heap snapshot, so the snapshot’s own RSS is not counted as growth', () => {
    // The snapshot is written after the 12 s sample: RSS jumps by ~175 MB and then stays flat. Counted from 9 s,
    // two of the first three samples are from before the snapshot, and the jump reads as growth.
    const s = samples([500, 600, 700, 705, 880, 882, 880, 881, 880]);
    expect(growthAfter(s, growthStartS(9, undefined), 'rssMb')).toBe(880 - 705);
    expect(growthStartS(9, 12)).toBe(13);
    expect(growthAfter(s, growthStartS(9, 12), 'rssMb')).toBe(0);
  });

  it('never starts before the start second, whenever the snapshot was written', () => {
    expect(growthStartS(300, 30)).toBe(300);
    expect(growthStartS(300, 303)).toBe(304);
  });
});
