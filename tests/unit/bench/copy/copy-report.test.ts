// The copy bench section in a run (bench/copy/copy-report.ts): each size's latency and throughput become figures
// compared with the baseline, the 200-follower row is checked against the 250 ms and against missed actions,
// and a run without the section has neither.
import { describe, expect, it } from 'vitest';
import { copyFigures, copyTables, copyTargets } from '../../../../bench/copy/copy-report.ts';
import type { CopyBenchRow } from '../../../../bench/copy/copy-bench.ts';
import { figuresOf, targetsOf } from '../../../../bench/lib/report.ts';

const row = (followers: number, p99: number, missed = 0): CopyBenchRow => ({
  followers,
  rounds: 3,
  actions: followers * 6,
  p50: p99 / 3,
  p95: p99 / 1.5,
  p99,
  lastMedian: p99 / 2,
  perSec: (followers / (p99 / 2)) * 1000,
  missed,
  load1: 1,
});

describe('copy bench report', () => {
  it('gives each size its figures and checks the 200 row', () => {
    const r = { rows: [row(10, 40), row(200, 300, 2)] };
    const f = copyFigures(r);
    expect(f['copy.200.p99']).toMatchObject({ value: 300, unit: 'ms', better: 'lower' });
    expect(f['copy.10.perSec']).toMatchObject({ value: 500, better: 'higher' });
    const t = copyTargets(r);
    expect(t.find((x) => x.id === 'copy.200.p99')).toMatchObject({ value: 300, verdict: 'missed' });
    expect(t.find((x) => x.id === 'copy.200.missed')).toMatchObject({ value: 2, verdict: 'missed' });
    expect(copyTargets({ rows: [row(200, 120)] }).every((x) => x.verdict === 'met')).toBe(true);
    expect(copyTables(r)).toContain('200');
  });

  it('is part of a run only when the section ran', () => {
    const none = { render: null, micro: null, bundle: null, lighthouse: null, fanout: null };
    expect(Object.keys(figuresOf(none)).some((k) => k.startsWith('copy.'))).toBe(false);
    expect(Object.keys(figuresOf({ ...none, copy: { rows: [row(50, 90)] } }))).toContain('copy.50.p99');
    expect(targetsOf({ ...none, copy: { rows: [row(200, 90)] } }).map((t) => t.id)).toContain('copy.200.p99');
  });
});
