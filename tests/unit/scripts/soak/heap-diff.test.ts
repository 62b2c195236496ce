// The soak's heap-snapshot comparison (scripts/soak/heap-diff.ts) on two hand-made snapshots: objects grouped by
// constructor, other nodes by type, and the growth between the two largest first.
import { describe, expect, it } from 'vitest';
import { heapDiff, type HeapSnapshot } from '../../../../scripts/soak/heap-diff.ts';

/** A snapshot of (type, name, self size) nodes in V8's flat layout. */
function snapshot(nodes: Array<[string, string, number]>): HeapSnapshot {
  const types = ['hidden', 'object', 'string', 'closure'];
  const strings: string[] = [];
  const str = (s: string): number => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  return {
    snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size', 'edge_count'], node_types: [types] } },
    nodes: nodes.flatMap(([type, name, size], i) => [types.indexOf(type), str(name), i, size, 0]),
    strings,
  };
}

describe('heap diff', () => {
  it('groups objects by constructor and the rest by type, largest growth first', () => {
    const a = snapshot([
      ['object', 'Order', 100],
      ['string', 'x', 10],
      ['object', 'Map', 50],
    ]);
    const b = snapshot([
      ['object', 'Order', 100],
      ['object', 'Order', 100],
      ['object', 'Order', 100],
      ['string', 'y', 30],
      ['closure', 'f', 20],
    ]);
    expect(heapDiff(a, b)).toEqual([
      { key: 'Order', count: 2, bytes: 200 },
      { key: '(string)', count: 0, bytes: 20 },
      { key: '(closure)', count: 1, bytes: 20 },
      { key: 'Map', count: -1, bytes: -50 },
    ]);
  });
});
