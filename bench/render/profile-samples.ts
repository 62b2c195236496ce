// The V8 sampling profiler's samples of one thread from a trace's ProfileChunk events.
import type { TraceEvent } from './trace.ts';

export interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

export interface Sample {
  /** Trace clock, ms. */
  ms: number;
  /** Since the previous sample, ms. */
  weightMs: number;
  node: ProfileNode;
}

/** In time order, with the profile's nodes for walking up a stack. */
export function threadSamples(
  events: readonly TraceEvent[],
  pid: number,
  tid: number,
): { samples: Sample[]; nodes: ReadonlyMap<number, ProfileNode> } {
  const ids = new Set<string>();
  let startTime = 0;
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === pid && e.tid === tid) {
      ids.add(String(e.id));
      startTime = Number((e.args?.['data'] as { startTime?: number } | undefined)?.startTime ?? e.ts);
    }
  }
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  let t = startTime;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !ids.has(String(e.id))) continue;
    const data = e.args?.['data'] as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids2 = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < ids2.length; i++) {
      const prev = t;
      t += deltas[i] ?? 0;
      const node = nodes.get(ids2[i] ?? -1);
      if (node) samples.push({ ms: t / 1000, weightMs: Math.max(0, t - prev) / 1000, node });
    }
  }
  return { samples, nodes };
}
