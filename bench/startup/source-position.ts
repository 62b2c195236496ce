// Maps a built file's line and column to its source, so the task split names functions by source, not minified name.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { segmentsByLine } from '../report/chunk-sources.ts';

export interface SourceMapJson {
  sources?: string[];
  mappings?: string;
}

/** Lines and columns 0-based in, "source:line" 1-based out; null where nothing maps. */
export function sourcePositions(map: SourceMapJson): (line: number, column: number) => string | null {
  const sources = (map.sources ?? []).map((s) => s.replace(/^(?:\.\.\/)+/, ''));
  const lines = segmentsByLine(map.mappings ?? '');
  return (line, column) => {
    let hit: { source: number; line: number } | undefined;
    for (const s of lines[line] ?? []) {
      if (s.col > column) break;
      if (s.source !== null) hit = { source: s.source, line: s.line };
    }
    return hit ? `${sources[hit.source] ?? '?'}:${hit.line + 1}` : null;
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
        existsSync(path) ? sourcePositions(JSON.parse(readFileSync(path, 'utf8')) as SourceMapJson) : null,
      );
    }
    return maps.get(file)?.(line, column) ?? `${file || '(document)'}:${line + 1}:${column + 1}`;
  };
}
