// No import circle in server/ nor in domain/: every relative import between
// the files of one of them, type-only ones included (a type circle still makes two files impossible to read apart),
// forms a graph without cycles.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The trees whose import graphs must be acyclic. */
const TREES = ['server', 'domain'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Relative `import … from './x.ts'` and `export … from './x.ts'` targets of one file that lie in `tree`. */
export function treeImports(tree: string, file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gms)) {
    const target = resolve(dirname(file), m[1] ?? '');
    if (target.startsWith(tree + '/')) out.push(target);
  }
  return out;
}

/** Every cycle's files (Tarjan's strongly connected components of size > 1, or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (;;) {
      const w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import graphs', () => {
  it('finds a circle when there is one (the checker itself)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g).map((c) => [...c].sort())).toEqual([['a', 'b', 'c']]);
  });

  it.each(TREES)('has no import circle in %s/', (name) => {
    const tree = join(ROOT, name);
    const graph = new Map<string, string[]>();
    for (const file of tsFiles(tree)) graph.set(file, treeImports(tree, file, readFileSync(file, 'utf8')));
    expect(graph.size).toBeGreaterThan(20);
    const found = cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).sort());
    expect(found).toEqual([]);
  });

  it('sees a type-only circle like the one decimal.ts and rounding.ts had', () => {
    const tree = join(ROOT, 'domain');
    const a = join(tree, 'decimal.ts');
    const b = join(tree, 'rounding.ts');
    const graph = new Map([
      [a, treeImports(tree, a, "import { halfUp } from './rounding.ts';")],
      [b, treeImports(tree, b, "import type { Dec } from './decimal.ts';")],
    ]);
    expect(cycles(graph)).toHaveLength(1);
  });
});
