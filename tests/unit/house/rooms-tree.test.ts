// The shared rules live in domain/, a room of its own (docs/architecture.md "Rooms"): the server and the worker
// import domain/ and never the React app in src/. ESLint refuses such an import file by file; this reads the real
// tree, so a lint rule switched off or a file outside its globs cannot hide one.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SPECIFIER = /(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function codeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))
    .map((f) => join(dir, f));
}

/** Each relative import of `file` that lands in the root folder `room`, as "file → target". */
export function importsInto(file: string, text: string, room: string): string[] {
  return [...text.matchAll(SPECIFIER)]
    .map((m) => relative(ROOT, resolve(ROOT, dirname(file), m[1] ?? '')))
    .filter((target) => target === room || target.startsWith(`${room}/`))
    .map((target) => `${file} → ${target}`);
}

describe('the server and the worker import nothing of src/', () => {
  it('finds an import into src/ when there is one', () => {
    expect(importsInto('server/routes/x.ts', "import { a } from '../../src/state/a.ts';", 'src')).toEqual([
      'server/routes/x.ts → src/state/a.ts',
    ]);
    expect(importsInto('server/routes/x.ts', "import { dec } from '../../domain/decimal.ts';", 'src')).toEqual([]);
  });

  it.each(['server', 'workers', 'domain'])('%s/ has no import of src/', (room) => {
    const files = codeFiles(room);
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap((f) => importsInto(f, readFileSync(join(ROOT, f), 'utf8'), 'src'))).toEqual([]);
  });

  it('domain/ imports nothing of the server or the worker', () => {
    const files = codeFiles('domain');
    const text = (f: string) => readFileSync(join(ROOT, f), 'utf8');
    expect(files.flatMap((f) => [...importsInto(f, text(f), 'server'), ...importsInto(f, text(f), 'workers')])).toEqual(
      [],
    );
  });
});
