// Shapes a comparison of two results files into the tables the compare page draws.
import { compareRuns, VERDICTS, type CompareRow, type CompareVerdict, type Spread } from './compare.ts';
import { fmt, screenReports, type ResultsJson } from './report-data.ts';

export interface CompareData {
  title: string;
  nameA: string;
  nameB: string;
  counts: Record<CompareVerdict, number>;
  /** Value ÷ A's median (1 = unchanged), each run's min–max the same way. */
  spread: {
    screen: string;
    figure: string;
    run: 'A' | 'B';
    mid: number;
    lo: number;
    hi: number;
    verdict: CompareVerdict;
  }[];
  /** Relative change in %. */
  single: { figure: string; change: number; verdict: CompareVerdict }[];
  cdf: { screen: string; series: string; x: number; y: number }[];
  table: { figure: string; a: string; b: string; change: string; verdict: CompareVerdict }[];
}

function fmtRow(r: CompareRow, side: 'a' | 'b'): string {
  const s = side === 'a' ? r.aSpread : r.bSpread;
  return `${fmt(r[side], r.unit)}${s ? ` (${fmt(s.min)}–${fmt(s.max)})` : ''}`;
}

export function compareData(a: ResultsJson, b: ResultsJson, nameA: string, nameB: string): CompareData {
  const c = compareRuns(a, b);
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<CompareVerdict, number>;
  for (const r of c.rows) counts[r.verdict]++;
  const spread: CompareData['spread'] = [];
  const single: CompareData['single'] = [];
  for (const r of c.rows) {
    if (r.aSpread && r.bSpread) {
      if (r.a === 0) continue; // nothing to scale by; the table has it
      const [, caseId = '', screen = '', side = '', metric = ''] = r.key.split('.');
      const bar = (run: 'A' | 'B', v: number, sp: Spread): CompareData['spread'][number] => {
        const [mid, lo, hi] = [v, sp.min, sp.max].map((x) => x / r.a) as [number, number, number];
        return { screen: `${caseId} ${screen}`, figure: `${side} ${metric}`, run, mid, lo, hi, verdict: r.verdict };
      };
      spread.push(bar('A', r.a, r.aSpread), bar('B', r.b, r.bSpread));
    } else if (r.rel !== null && !r.key.startsWith('render.'))
      single.push({ figure: r.key, change: Math.round(r.rel * 1000) / 10, verdict: r.verdict });
    // A render figure with no finite range on one side (a ratio over a zero) is in the table only.
  }
  const cdf: CompareData['cdf'] = [];
  const sa = screenReports(a.sections);
  const sb = screenReports(b.sections);
  for (const x of sa) {
    const y = sb.find((s) => s.key === x.key);
    if (!y || x.framePercentilesOnly || y.framePercentilesOnly) continue;
    const screen = x.key.replace('|', ' ');
    cdf.push(...x.frameCdf.map((p) => ({ screen, series: `A ${p.mode}`, x: p.x, y: p.y })));
    cdf.push(...y.frameCdf.map((p) => ({ screen, series: `B ${p.mode}`, x: p.x, y: p.y })));
  }
  return {
    title: `Tickwise bench — ${nameA} vs ${nameB}`,
    nameA,
    nameB,
    counts,
    spread,
    single,
    cdf,
    table: c.rows.map((r) => ({
      figure: r.key,
      a: fmtRow(r, 'a'),
      b: fmtRow(r, 'b'),
      change:
        r.rel === null
          ? `${r.diff > 0 ? '+' : ''}${r.diff.toFixed(2)}`
          : `${r.rel > 0 ? '+' : ''}${(r.rel * 100).toFixed(0)} %`,
      verdict: r.verdict,
    })),
  };
}
