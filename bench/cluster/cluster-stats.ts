// The cluster section's arithmetic, pure so it can be tested.
import { percentile } from '../lib/stats.ts';

export interface CpuSample {
  cpuSeconds: number;
}

/** 100 = one whole core; null when a sample is missing. */
export function cpuPercent(start: CpuSample | null, end: CpuSample | null, ms: number): number | null {
  if (!start || !end || !(ms > 0)) return null;
  return ((end.cpuSeconds - start.cpuSeconds) * 100_000) / ms;
}

/** The guard skips messages the killed process had sent, still in flight at the kill; null when none came. */
export function firstAfter(times: readonly number[], t0: number, guardMs = 0): number | null {
  let best: number | null = null;
  for (const t of times) if (t > t0 + guardMs && (best === null || t < best)) best = t;
  return best === null ? null : best - t0;
}

export interface Drop {
  closedAt: number;
  /** null = never within the window. */
  liveAt: number | null;
}

/** The percentiles are nearest-rank, over the recovered clients. */
export function liveAgain(killAt: number, drops: readonly Drop[]) {
  const ms = drops.flatMap((d) => (d.liveAt === null ? [] : [d.liveAt - killAt]));
  return {
    dropped: drops.length,
    recovered: ms.length,
    p50Ms: percentile(ms, 50),
    p99Ms: percentile(ms, 99),
    maxMs: ms.length ? Math.max(...ms) : null,
  };
}

export interface Connection {
  ackSeq: number;
  pushes: number[];
}

export type SeqAudit = ReturnType<typeof seqAudit>;

/**
 * One user's submits are one at a time, so within a socket pushes continue the login ack's seq one by one. A jump is
 * an event that reached no socket: the app refetches on one (docs/protocol.md), so it is recovered; a repeat the app
 * drops (counted, not lost); after a resync the app refetches (nothing lost); `behind` counts the users with events no
 * push, jump or resync told them of: lost.
 */
export function seqAudit(users: readonly { conns: readonly Connection[]; dbSeq: number }[]) {
  const out = { users: users.length, events: 0, jumps: 0, repeats: 0, resyncs: 0, behind: 0 };
  for (const u of users) {
    let seen = 0;
    u.conns.forEach((c, i) => {
      if (i > 0 && c.ackSeq > seen) out.resyncs++;
      let last = c.ackSeq;
      seen = Math.max(seen, c.ackSeq);
      for (const s of c.pushes) {
        out.events++;
        if (s <= last) out.repeats++;
        else if (s !== last + 1) out.jumps++;
        last = Math.max(last, s);
        seen = Math.max(seen, s);
      }
    });
    if (seen < u.dbSeq) out.behind++;
  }
  return out;
}
