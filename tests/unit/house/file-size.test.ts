// Small files with one job (docs/architecture.md "Conventions"): no .ts/.tsx file of src/, workers/, server/ or
// domain/ is over MAX_LINES lines, unless its first comment block has a line starting `One index:` that names the
// one index (table, lookup, registry) the file exists for. A new file over the size fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const ROOMS = ['src', 'workers', 'server', 'domain'];
const MAX_LINES = 600;

const code = ROOMS.flatMap((room) =>
  readdirSync(join(ROOT, room), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => `${room}/${f}`),
);

const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The file's first comment block: its leading `//` lines, or its leading block comment. */
export function headerOf(text: string): string {
  const block = /^\s*\/\*[\s\S]*?\*\//.exec(text);
  if (block) return block[0];
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.trimStart().startsWith('//')) break;
    lines.push(line);
  }
  return lines.join('\n');
}

/** Does the header name the one index the file exists for (`One index: …` with something after the colon)? */
export const namesOneIndex = (header: string): boolean => /^\s*(?:\/\/|\*|\/\*)?\s*One index:\s*\S/m.test(header);

const size = new Map(code.map((f) => [f, lineCount(readFileSync(join(ROOT, f), 'utf8'))]));

describe('files stay small', () => {
  it('reads the tree', () => {
    expect(code.length).toBeGreaterThan(300);
    expect(code).toContain('server/compose.ts');
  });

  it('knows the marker only in the first comment block', () => {
    expect(namesOneIndex(headerOf('// A table.\n// One index: the instruments by code.\nconst a = 1;\n'))).toBe(true);
    expect(namesOneIndex(headerOf('/**\n * A table.\n * One index: the area codes.\n */\n'))).toBe(true);
    expect(namesOneIndex(headerOf('// A table.\nconst a = 1;\n// One index: the instruments by code.\n'))).toBe(false);
    expect(namesOneIndex(headerOf('// One index:\nconst a = 1;\n'))).toBe(false);
  });

  it(`has no file over ${MAX_LINES} lines that does not name its one index`, () => {
    const over = code.filter((f) => (size.get(f) ?? 0) > MAX_LINES);
    const unnamed = over.filter((f) => !namesOneIndex(headerOf(readFileSync(join(ROOT, f), 'utf8'))));
    expect(unnamed.map((f) => `${f}: ${size.get(f)} lines`)).toEqual([]);
  });
});
