// No import circle anywhere in the tree (docs/architecture.md "Rooms"): every relative import between the code files of
// src/, workers/, server/, domain/, bench/, scripts/ and tests/ (helpers included), type-only ones too (a type circle
// still makes two files impossible to read apart), forms one graph without cycles, across rooms as well as inside one.
// A lazy import() is not an edge: loading a module later is how a room reaches the one above it (the router's pages).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The rooms whose files make the graph, with the least number of files each must bring (a moved room is noticed). */
const TREES: readonly [string, number][] = [
  ['src', 200],
  ['workers', 20],
  ['server', 150],
  ['domain', 20],
  ['bench', 20],
  ['scripts', 5],
  ['tests', 200],
];
const SKIP = new Set(['node_modules', 'results', 'dist']);

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP.has(name) ? [] : tsFiles(path);
    return /\.(tsx?|mjs|js)$/.test(name) ? [path] : [];
  });
}

/**
 * Relative static `import … from './x.ts'`, `export … from './x.ts'` and bare `import './x.ts'` targets of one file
 * that lie under `tree` (the repository root for the whole graph).
 */
export function treeImports(tree: string, file: string, text: string): string[] {
  const out: string[] = [];
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm),
  ];
  for (const m of specifiers) {
    const target = resolve(dirname(file), (m[1] ?? '').replace(/\?.*$/, ''));
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

  it('has no import circle anywhere in the tree', () => {
    const graph = new Map<string, string[]>();
    for (const [name, least] of TREES) {
      const files = tsFiles(join(ROOT, name));
      expect(files.length, name).toBeGreaterThan(least);
      for (const file of files) graph.set(file, treeImports(ROOT, file, readFileSync(file, 'utf8')));
    }
    const found = cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).sort());
    expect(found).toEqual([]);
  });

  it('sees a circle between two rooms (app and pages, as the desk once made)', () => {
    const app = join(ROOT, 'src/app/desk/desk-layout.tsx');
    const page = join(ROOT, 'src/pages/trade/trade-page.tsx');
    const graph = new Map([
      [app, treeImports(ROOT, app, "import { OrderForm } from '../../pages/trade/trade-page.tsx';")],
      [page, treeImports(ROOT, page, "import { LazyDeskLayout } from '../../app/desk/desk-layout.tsx';")],
    ]);
    expect(cycles(graph)).toHaveLength(1);
    // The same loop through a lazy import() is no circle: the router loads its pages that way.
    graph.set(page, treeImports(ROOT, page, "const D = lazy(() => import('../../app/desk/desk-layout.tsx'));"));
    expect(cycles(graph)).toEqual([]);
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
