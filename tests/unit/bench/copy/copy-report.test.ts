// The copy bench section in a run (bench/copy/copy-report.ts): each size's latency and throughput become figures
// compared with the baseline, the 1,000- and 10,000-follower rows are checked against the 250 ms and 2 s and
// against missed actions (the partial closes too), the tick cost with copies against the one without, and a run without the section has none.
import { describe, expect, it } from 'vitest';
import { copyFigures, copyTables, copyTargets } from '../../../../bench/copy/copy-report.ts';
import type { CopyBenchRow } from '../../../../bench/copy/copy-bench.ts';
import type { CopyTickRow } from '../../../../bench/copy/copy-ticks.ts';
import { figuresOf, targetsOf } from '../../../../bench/lib/report.ts';

const row = (followers: number, p99: number, missed = 0, partP99 = p99): CopyBenchRow => ({
  followers,
  rounds: 3,
  actions: followers * 6,
  p50: p99 / 3,
  p95: p99 / 1.5,
  p99,
  lastMedian: p99 / 2,
  perSec: (followers / (p99 / 2)) * 1000,
  missed,
  partP50: partP99 / 3,
  partP99,
  partLastMedian: partP99 / 2,
  partMissed: 0,
  load1: 1,
});

const tick = (copies: number, cpuUsPerTick: number): CopyTickRow => ({
  copies,
  orders: 100_000,
  users: 10_000,
  ticks: 50_000,
  cpuUsPerTick,
  tickPathUs: cpuUsPerTick / 2,
  load1: 1,
});

describe('copy bench report', () => {
  it('gives each size its figures and checks the 1,000 and 10,000 rows', () => {
    const r = { rows: [row(10, 40), row(1000, 300, 2), row(10000, 1900, 0, 20_000)] };
    const f = copyFigures(r);
    expect(f['copy.1000.p99']).toMatchObject({ value: 300, unit: 'ms', better: 'lower' });
    expect(f['copy.10.perSec']).toMatchObject({ value: 500, better: 'higher' });
    const t = copyTargets(r);
    expect(t.find((x) => x.id === 'copy.1000.p99')).toMatchObject({ value: 300, verdict: 'missed' });
    expect(t.find((x) => x.id === 'copy.1000.missed')).toMatchObject({ value: 2, verdict: 'missed' });
    expect(t.find((x) => x.id === 'copy.10000.p99')).toMatchObject({ value: 1900, verdict: 'met' });
    expect(t.find((x) => x.id === 'copy.10000.partP99')).toMatchObject({ value: 20_000, verdict: 'missed' });
    expect(t.find((x) => x.id === 'copy.1000.partMissed')).toMatchObject({ value: 0, verdict: 'met' });
    expect(f['copy.10000.partP99']).toMatchObject({ value: 20_000, unit: 'ms', better: 'lower' });
    const quiet = { rows: [row(1000, 240), row(10000, 2000)], ticks: [tick(0, 13), tick(10000, 13.5)] };
    expect(copyTargets(quiet).every((x) => x.verdict === 'met')).toBe(true);
    expect(copyTables(r)).toContain('10000');
    expect(copyTables(r)).toContain('20000 ms');
  });

  it('checks the tick cost with copies against the one without', () => {
    const r = { rows: [], ticks: [tick(0, 20), tick(10000, 57_000)] };
    expect(copyTargets(r).find((x) => x.id === 'copy.ticks.ratio')).toMatchObject({ value: 2850, verdict: 'missed' });
    expect(copyFigures(r)['copy.ticks.10000.cpuUsPerTick']).toMatchObject({ value: 57_000, better: 'lower' });
    expect(copyTables(r)).toContain('57000.0 µs');
    expect(copyTargets({ rows: [] }).find((x) => x.id === 'copy.ticks.ratio')).toMatchObject({ verdict: 'n/a' });
  });

  it('is part of a run only when the section ran', () => {
    const none = { render: null, micro: null, bundle: null, lighthouse: null, fanout: null };
    expect(Object.keys(figuresOf(none)).some((k) => k.startsWith('copy.'))).toBe(false);
    expect(Object.keys(figuresOf({ ...none, copy: { rows: [row(50, 90)] } }))).toContain('copy.50.p99');
    expect(targetsOf({ ...none, copy: { rows: [row(1000, 90)] } }).map((t) => t.id)).toContain('copy.1000.p99');
  });
});
