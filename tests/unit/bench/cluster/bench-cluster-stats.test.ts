// The cluster bench's arithmetic (bench/cluster/cluster-stats.ts) and its targets (cluster-report.ts): CPU share,
// first event after a kill, live-again times, and the seq audit that decides whether an order event was lost.
import { describe, expect, it } from 'vitest';
import { cpuPercent, firstAfter, liveAgain, seqAudit } from '../../../../bench/cluster/cluster-stats.ts';
import { clusterTargets } from '../../../../bench/cluster/cluster-report.ts';
import type { ClusterResult, GatewayLoss } from '../../../../bench/cluster/cluster-bench.ts';

describe('cluster bench statistics', () => {
  it('CPU % of one core between two samples; null without both', () => {
    expect(cpuPercent({ cpuSeconds: 1 }, { cpuSeconds: 1.5 }, 1000)).toBe(50);
    expect(cpuPercent({ cpuSeconds: 0 }, { cpuSeconds: 3 }, 2000)).toBe(150); // more than one core
    expect(cpuPercent(null, { cpuSeconds: 1 }, 1000)).toBeNull();
    expect(cpuPercent({ cpuSeconds: 0 }, { cpuSeconds: 1 }, 0)).toBeNull();
  });

  it('first event after the kill skips what was in flight inside the guard', () => {
    expect(firstAfter([900, 1050, 3400, 2500], 1000, 100)).toBe(1500);
    expect(firstAfter([900, 1050], 1000, 100)).toBeNull();
    expect(firstAfter([], 1000)).toBeNull();
  });

  it('live again: from the kill, over the recovered drops; the ones that never came back are not averaged in', () => {
    const r = liveAgain(1000, [
      { closedAt: 1010, liveAt: 2000 },
      { closedAt: 1010, liveAt: 4000 },
      { closedAt: 1020, liveAt: null },
    ]);
    expect(r).toEqual({ dropped: 3, recovered: 2, p50Ms: 1000, p99Ms: 3000, maxMs: 3000 });
    expect(liveAgain(0, [])).toEqual({ dropped: 0, recovered: 0, p50Ms: null, p99Ms: null, maxMs: null });
  });

  it('seq audit: continuous pushes are clean; a reconnect ahead is a resync; a jump is counted; behind is lost', () => {
    const clean = seqAudit([{ conns: [{ ackSeq: 3, pushes: [4, 5, 6] }], dbSeq: 6 }]);
    expect(clean).toEqual({ users: 1, events: 3, jumps: 0, repeats: 0, resyncs: 0, behind: 0 });
    // Socket 1 saw up to 5; events 6 and 7 happened while reconnecting; the new login ack says 7: resync, not lost.
    const resync = seqAudit([
      {
        conns: [
          { ackSeq: 3, pushes: [4, 5] },
          { ackSeq: 7, pushes: [8] },
        ],
        dbSeq: 8,
      },
    ]);
    expect(resync).toMatchObject({ resyncs: 1, jumps: 0, behind: 0 });
    // A jump on one socket (an event that reached no socket) and a repeat; the end is still up to date.
    const jump = seqAudit([{ conns: [{ ackSeq: 0, pushes: [1, 3, 3, 4] }], dbSeq: 4 }]);
    expect(jump).toMatchObject({ events: 4, jumps: 1, repeats: 1, behind: 0 });
    // The last event never reached the user: behind at the end, i.e. lost.
    expect(seqAudit([{ conns: [{ ackSeq: 0, pushes: [1, 2] }], dbSeq: 3 }]).behind).toBe(1);
    // A reconnect whose ack equals what was seen is no resync.
    expect(
      seqAudit([
        {
          conns: [
            { ackSeq: 0, pushes: [1] },
            { ackSeq: 1, pushes: [] },
          ],
          dbSeq: 1,
        },
      ]).resyncs,
    ).toBe(0);
  });

  it('targets: lost counts missing orders, users behind and clients that never came back', () => {
    const loss = {
      error: null,
      missing: 0,
      gaveUp: 1,
      seq: { behind: 0 },
      live: { maxMs: 4000 },
    } as unknown as GatewayLoss;
    const r = { rows: [], leader: null, gatewayLoss: loss } as unknown as ClusterResult;
    const byId = new Map(clusterTargets(r).map((t) => [t.id, t]));
    expect(byId.get('cluster.gatewayLoss.lost')?.verdict).toBe('missed');
    expect(byId.get('cluster.gatewayLoss.liveAgain')?.verdict).toBe('n/a'); // not every client came back: no max to judge
    expect(byId.get('cluster.failover.firstTrigger')?.verdict).toBe('n/a');
  });
});
