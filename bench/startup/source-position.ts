// Maps a built file's line and column to its source, so the task split names functions by source, not minified name.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeVlq } from '../report/chunk-sources.ts';

export interface SourceMapJson {
  sources?: string[];
  mappings?: string;
}

/** Lines and columns 0-based in, "source:line" 1-based out; null where nothing maps. */
export function sourcePositions(
  map: SourceMapJson,
  decode: (segment: string) => number[],
): (line: number, column: number) => string | null {
  const sources = (map.sources ?? []).map((s) => s.replace(/^(?:\.\.\/)+/, ''));
  // Per generated line, the segments that map, in column order.
  const lines: [number, number, number][][] = [];
  let source = 0;
  let origLine = 0;
  for (const text of (map.mappings ?? '').split(';')) {
    const segs: [number, number, number][] = [];
    let col = 0;
    for (const seg of text.split(',')) {
      if (!seg) continue;
      const f = decode(seg);
      col += f[0] ?? 0;
      if (f.length < 4) continue;
      source += f[1] ?? 0;
      origLine += f[2] ?? 0;
      segs.push([col, source, origLine]);
    }
    lines.push(segs);
  }
  return (line, column) => {
    const segs = lines[line] ?? [];
    let hit: [number, number, number] | undefined;
    for (const s of segs) {
      if (s[0] > column) break;
      hit = s;
    }
    if (!hit) return null;
    return `${sources[hit[1]] ?? '?'}:${hit[2] + 1}`;
  };
}

/** The built place when the build has no map. */
export function builtLocator(dist: string): (url: string, line: number, column: number) => string {
  const maps = new Map<string, ((l: number, c: number) => string | null) | null>();
  return (url, line, column) => {
    const file = url.replace(/^https?:\/\/[^/]+\//, '').replace(/[?#].*$/, '');
    if (!maps.has(file)) {
      const path = join(dist, `${file}.map`);
      maps.set(
        file,
        existsSync(path) ? sourcePositions(JSON.parse(readFileSync(path, 'utf8')) as SourceMapJson, decodeVlq) : null,
      );
    }
    return maps.get(file)?.(line, column) ?? `${file || '(document)'}:${line + 1}:${column + 1}`;
  };
}
