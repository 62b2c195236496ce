// npx tsx scripts/soak/heap-diff.ts A B [top]: self size by constructor; retained size would need the whole graph.
import { readFileSync } from 'node:fs';

export interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapGroup {
  key: string;
  count: number;
  bytes: number;
}

/** "Name" for objects, "(type)" for the rest (strings, arrays, closures, code, …). */
export function heapGroups(s: HeapSnapshot): Map<string, HeapGroup> {
  const fields = s.snapshot.meta.node_fields;
  const width = fields.length;
  const [typeAt = 0, nameAt = 0, sizeAt = 0] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const types = s.snapshot.meta.node_types[0];
  const out = new Map<string, HeapGroup>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + typeAt] as number] ?? '?';
    const key = type === 'object' ? (s.strings[s.nodes[i + nameAt] as number] ?? '?') : `(${type})`;
    const g = out.get(key) ?? { key, count: 0, bytes: 0 };
    g.count++;
    g.bytes += s.nodes[i + sizeAt] as number;
    out.set(key, g);
  }
  return out;
}

/** Largest growth first. */
export function heapDiff(a: HeapSnapshot, b: HeapSnapshot): HeapGroup[] {
  const before = heapGroups(a);
  const after = heapGroups(b);
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .map((key) => ({
      key,
      count: (after.get(key)?.count ?? 0) - (before.get(key)?.count ?? 0),
      bytes: (after.get(key)?.bytes ?? 0) - (before.get(key)?.bytes ?? 0),
    }))
    .filter((g) => g.bytes !== 0 || g.count !== 0)
    .sort((x, y) => y.bytes - x.bytes);
}

if (process.argv[1]?.endsWith('heap-diff.ts')) {
  const [aPath, bPath, top = '25'] = process.argv.slice(2);
  if (!aPath || !bPath) throw new Error('usage: heap-diff.ts A.heapsnapshot B.heapsnapshot [top]');
  const read = (p: string): HeapSnapshot => JSON.parse(readFileSync(p, 'utf8')) as HeapSnapshot;
  const diff = heapDiff(read(aPath), read(bPath));
  const total = diff.reduce((s, g) => s + g.bytes, 0);
  console.log(`self size ${total >= 0 ? '+' : ''}${(total / 1048576).toFixed(1)} MB from ${aPath} to ${bPath}`);
  for (const g of diff.slice(0, Number(top))) {
    console.log(`${(g.bytes / 1024).toFixed(0).padStart(10)} KB ${String(g.count).padStart(9)} objects  ${g.key}`);
  }
}
