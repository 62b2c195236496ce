// Where a V8 CPU profile's time went: `npx tsx bench/engine/profile-summary.ts FILE.cpuprofile [functionName ...]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const fnKey = (n: ProfileNode): string => {
  const file = n.callFrame.url.split('/').slice(-2).join('/');
  return `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
};

/** V8's convention: a delta precedes the sample it belongs to by one; the last sample gets the mean delta. */
export function summariseProfile(p: CpuProfile, names: readonly string[], files: readonly string[], top = 15) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const meanUs = p.timeDeltas.length ? p.timeDeltas.reduce((a, b) => a + b, 0) / p.timeDeltas.length : 0;
  const self = new Map<string, number>();
  const inclusive = Object.fromEntries(names.map((k) => [k, 0]));
  const fileSelf = Object.fromEntries(files.map((k) => [k, 0]));
  let totalUs = 0;
  p.samples.forEach((id, i) => {
    const us = Math.max(0, p.timeDeltas[i + 1] ?? meanUs);
    totalUs += us;
    const leaf = byId.get(id);
    if (!leaf) return;
    self.set(fnKey(leaf), (self.get(fnKey(leaf)) ?? 0) + us);
    for (const f of files) if (leaf.callFrame.url.includes(f)) fileSelf[f] = (fileSelf[f] ?? 0) + us;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const name = byId.get(cur)?.callFrame.functionName ?? '';
      if (names.includes(name) && !seen.has(name)) {
        seen.add(name);
        inclusive[name] = (inclusive[name] ?? 0) + us;
      }
    }
  });
  const s = (us: number): number => Math.round(us / 1e4) / 100;
  return {
    sampledS: s(totalUs),
    // Sampled minus idle is the busy time.
    idleS: s([...self].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, us]) => a + us, 0)),
    // "name file:line", largest first.
    topSelf: [...self]
      .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, us]) => ({ fn, s: s(us) })),
    // Every function of that name, any file (a sample counts once however deep it recurses); per matching source file.
    inclusive: Object.fromEntries(Object.entries(inclusive).map(([k, us]) => [k, s(us)])),
    fileSelf: Object.fromEntries(Object.entries(fileSelf).map(([k, us]) => [k, s(us)])),
  };
}

const HOT = ['onTick', 'checkStopOut', 'floatingOf', 'marginOf', 'applyTick', 'riskOf', 'ledgerViolations'];
if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const [file, ...names] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [functionName ...]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const sum = summariseProfile(profile, names.length ? names : HOT, ['decimal.js', 'pglite', 'pg/lib', 'pg-protocol']);
  const busy = Math.round((sum.sampledS - sum.idleS) * 100) / 100;
  console.log(`sampled ${sum.sampledS} s, idle ${sum.idleS} s, busy ${busy} s`);
  console.log(
    'inclusive (s):',
    Object.entries(sum.inclusive)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  );
  console.log(
    'self by file (s):',
    Object.entries(sum.fileSelf)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  );
  for (const r of sum.topSelf) console.log(`  ${String(r.s).padStart(7)} s  ${r.fn}`);
}
