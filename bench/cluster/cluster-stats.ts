// The cluster section's arithmetic, pure and tested (tests/unit/bench/cluster/bench-cluster-stats.test.ts): CPU share of a process
// between two /proc samples, the first event after a kill, how long dropped clients took to be live again, and the
// audit of per-user order-event seqs across reconnects (was any event lost to the app?).
import { percentile } from '../lib/stats.ts';

export interface CpuSample {
  cpuSeconds: number;
}

/** CPU % of one core between two samples `ms` apart (100 = one whole core); null when a sample is missing. */
export function cpuPercent(start: CpuSample | null, end: CpuSample | null, ms: number): number | null {
  if (!start || !end || !(ms > 0)) return null;
  return ((end.cpuSeconds - start.cpuSeconds) * 100_000) / ms;
}

/**
 * Milliseconds from `t0` to the first of `times` later than `t0 + guardMs` (the guard skips messages the killed
 * process had already sent, still in flight at the kill); null when none came.
 */
export function firstAfter(times: readonly number[], t0: number, guardMs = 0): number | null {
  let best: number | null = null;
  for (const t of times) if (t > t0 + guardMs && (best === null || t < best)) best = t;
  return best === null ? null : best - t0;
}

export interface Drop {
  /** When the socket closed (ms since the epoch). */
  closedAt: number;
  /** When a new socket of the same client received its first market frame again; null = never within the window. */
  liveAt: number | null;
}

export interface LiveAgain {
  dropped: number;
  recovered: number;
  /** From the kill to live again, over the recovered clients (nearest-rank). */
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

/** Time from `killAt` until each dropped client was live again. */
export function liveAgain(killAt: number, drops: readonly Drop[]): LiveAgain {
  const ms = drops.flatMap((d) => (d.liveAt === null ? [] : [d.liveAt - killAt]));
  return {
    dropped: drops.length,
    recovered: ms.length,
    p50Ms: percentile(ms, 50),
    p99Ms: percentile(ms, 99),
    maxMs: ms.length ? Math.max(...ms) : null,
  };
}

/** One socket's life for a signed-in user: the login ack's seq, then the seqs of the order events it pushed. */
export interface Connection {
  ackSeq: number;
  pushes: number[];
}

export interface SeqAudit {
  users: number;
  events: number;
  /**
   * A push whose seq skips ahead on the same socket: an event that reached no socket (e.g. committed by the gateway
   * that was killed before it published). The app refetches its order lists on a jump (docs/protocol.md): recovered.
   */
  jumps: number;
  /** A push at or below a seq this socket already had (the app drops it; counted, not lost). */
  repeats: number;
  /** Reconnects whose login ack was ahead of the last seq seen: the app refetches (docs/protocol.md), nothing lost. */
  resyncs: number;
  /** Users whose last seen seq is below the database's at the end: events no push, jump or resync told them of (lost). */
  behind: number;
}

/**
 * Per user: the connections in order and the database's final seq. Within one socket the pushes continue the login
 * ack's seq one by one (the submits of one user are one at a time, so their events commit in order); a jump or a
 * login ack ahead of the last seen seq makes the app refetch. Lost is only what none of them revealed by the end.
 */
export function seqAudit(users: readonly { conns: readonly Connection[]; dbSeq: number }[]): SeqAudit {
  const out: SeqAudit = { users: users.length, events: 0, jumps: 0, repeats: 0, resyncs: 0, behind: 0 };
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
