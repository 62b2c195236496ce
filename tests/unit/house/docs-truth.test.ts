// The docs are a newcomer's map, so what they quote must be the code's: every file path and every code name they put
// in backticks exists, the src/ tree in docs/client.md is where the files are, README's configuration table lists
// every variable server/config.ts reads, every migration falls in a range docs/api.md states, and no file header
// states a line count (it is false after the next change). A rename that leaves a doc behind fails here.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (f: string): string => readFileSync(join(ROOT, f), 'utf8');
const TRACKED = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(join(ROOT, f)));
const DOCS = [
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'README.md',
  'bench/README.md', // the bench's guide (not its journal: a dated record, with the names of its time)
];
const CODE_FILE = /\.(ts|tsx|mjs|js|css|html|sql|sh)$/;
const CODE = TRACKED.filter((f) => CODE_FILE.test(f) && !f.startsWith('bench/results/'))
  .map(read)
  .join('\n');

/** Names the docs quote that belong to a library or the platform, not to our code. */
const FOREIGN_NAMES = new Set([
  'createHashRouter',
  'RouterProvider',
  'useMatches',
  'errorElement', // react-router
  'generateSW', // workbox-build
  'SignalValue', // @preact/signals-react's text-node component
  'BroadcastChannel', // the web platform
]);

interface Quote {
  doc: string;
  line: number;
  text: string;
}

/**
 * Every `code span` of the docs, with its place. Skips the first column of tables under a "Renamed" heading: those
 * name what a thing was called before, on purpose.
 */
function quotes(): Quote[] {
  const out: Quote[] = [];
  for (const doc of DOCS) {
    let renamed = false;
    read(doc)
      .split('\n')
      .forEach((raw, i) => {
        if (raw.startsWith('#')) renamed = /renamed/i.test(raw);
        const line = renamed && raw.startsWith('|') ? raw.split('|').slice(2).join('|') : raw;
        for (const m of line.matchAll(/`([^`\n]+)`/g)) out.push({ doc, line: i + 1, text: m[1] ?? '' });
      });
  }
  return out;
}

const PATH = /^(?:[\w.-]+\/)+[\w.-]+\.\w+$|^[\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|mjs|sh|css|html|sql)$/;
/** A pattern, not a file: NNN-name.sql, DATA_DIR/vapid.json. */
const PLACEHOLDER = /(^|\/)(NNN|[A-Z][A-Z_]+)(\/|-|$)/;
const NAME = /^[a-z]+[A-Z]\w*(\(\))?$|^[A-Z][a-z]+[A-Z]\w*$/;
const CALL_CHAIN = /^[A-Za-z_$][\w$]*(\(\))?(\.[A-Za-z_$][\w$]*)+\(.*\)$|^[A-Za-z_$][\w$]*\(\)\.[\w$]+\(.*\)$/;

function fileExists(path: string): boolean {
  return existsSync(join(ROOT, path)) || TRACKED.some((f) => f === path || f.endsWith(`/${path}`));
}

const codeHasWord = (name: string): boolean => new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(CODE);

const where = (q: Quote): string => `${q.doc}:${q.line} \`${q.text}\``;

describe('docs quote what the code has', () => {
  const all = quotes();

  it('covers the contract and the architecture page, which the README and the code cite', () => {
    for (const page of ['docs/contract.md', 'docs/architecture.md']) {
      expect(existsSync(join(ROOT, page)), page).toBe(true);
      expect(DOCS).toContain(page);
      // Each quotes paths and names of the code, so the checks below read them for real.
      expect(all.filter((q) => q.doc === page).length, page).toBeGreaterThan(5);
      expect(read('README.md')).toContain(page.slice('docs/'.length));
    }
  });

  it('every quoted file path exists', () => {
    const paths = all.filter((q) => PATH.test(q.text) && !PLACEHOLDER.test(q.text));
    expect(paths.length).toBeGreaterThan(200);
    expect(paths.filter((q) => !fileExists(q.text)).map(where)).toEqual([]);
  });

  it('every quoted code name exists in the code', () => {
    const names = all.flatMap((q) => {
      if (NAME.test(q.text)) return [{ ...q, text: q.text.replace(/\(\)$/, '') }];
      if (CALL_CHAIN.test(q.text)) {
        const head = q.text.slice(0, q.text.lastIndexOf('('));
        return [...head.matchAll(/[A-Za-z_$][\w$]*/g)].map((m) => ({ ...q, text: m[0] }));
      }
      return [];
    });
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((q) => !FOREIGN_NAMES.has(q.text) && !codeHasWord(q.text)).map(where)).toEqual([]);
  });
});

describe('the worker API and the rename tables', () => {
  it('every `feed().x(…)` the docs quote is a method of the one worker API (workers/protocol.ts)', () => {
    const protocol = read('workers/protocol.ts');
    const calls = quotes().filter((q) => /^feed\(\)\.\w+\(/.test(q.text));
    expect(calls.length).toBeGreaterThan(2);
    const missing = calls.filter(
      (q) => !new RegExp(`^\\s+${q.text.slice(7, q.text.indexOf('(', 7))}\\(`, 'm').test(protocol),
    );
    expect(missing.map(where)).toEqual([]);
  });

  it('the glossary is read without a rename table: each word names where it lives', () => {
    const glossary = read('docs/glossary.md');
    expect(glossary).not.toMatch(/^#+ .*renamed/im);
    const rows = glossary.split('\n').filter((l) => l.startsWith('| **'));
    expect(rows.length).toBeGreaterThan(20);
    const bare = rows.filter((l) => !/`[^`]+`/.test(l.split('|')[4] ?? ''));
    expect(bare).toEqual([]);
  });
});

describe('docs/client.md: the src/ tree', () => {
  it('puts every file where it is', () => {
    const doc = read('docs/client.md');
    const start = doc.indexOf('```\nsrc/\n');
    expect(start).toBeGreaterThanOrEqual(0);
    const block = doc.slice(start + 4, doc.indexOf('```', start + 4));
    const stack: { indent: number; dir: string }[] = [];
    const missing: string[] = [];
    let files = 0;
    for (const line of block.split('\n')) {
      const m = /^( *)([\w.-]+(\/)?)(?:,\s*([\w.,\s-]+?))?(?:\s{2,}|$)/.exec(line);
      if (!m || !m[2]) continue;
      const indent = m[1]?.length ?? 0;
      while (stack.length && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop();
      const parent = stack.map((s) => s.dir).join('');
      if (m[3]) {
        stack.push({ indent, dir: m[2] });
        continue;
      }
      // A continuation line of a description is indented past every name: it has no extension-bearing first word.
      if (!/\.\w+$/.test(m[2])) continue;
      const names = [
        m[2],
        ...(m[4]
          ? m[4]
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : []),
      ];
      for (const name of names) {
        files += 1;
        if (!existsSync(join(ROOT, parent, name))) missing.push(`${parent}${name}`);
      }
    }
    expect(files).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});

describe('README and docs/api.md state the settings of the code', () => {
  it('the configuration table lists every variable server/config.ts reads', () => {
    const vars = new Set([...read('server/config.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] ?? ''));
    expect(vars.size).toBeGreaterThan(10);
    const readme = read('README.md');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    expect([...vars].filter((v) => !table.includes(`\`${v}\``))).toEqual([]);
  });

  it('every migration falls in a range docs/api.md states', () => {
    const api = read('docs/api.md');
    const sentence = api.slice(
      api.indexOf('Ranges by room'),
      api.indexOf('docs-truth.test.ts', api.indexOf('Ranges by room')),
    );
    const ranges = [...sentence.matchAll(/(\d{3})–(\d{3})/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(ranges.length).toBeGreaterThan(4);
    const files = readdirSync(join(ROOT, 'server/db/migrations')).filter((f) => f.endsWith('.sql'));
    const outside = files.filter((f) => {
      const n = Number(f.slice(0, 3));
      return !ranges.some(([lo, hi]) => n >= lo && n <= hi);
    });
    expect(outside).toEqual([]);
  });
});

describe('bench/README.md is a guide', () => {
  const guide = read('bench/README.md');
  it('is short enough to read in ten minutes, and links its journal', () => {
    expect(guide.split('\n').length).toBeLessThanOrEqual(420);
    expect(guide).toContain('(JOURNAL.md)');
    expect(existsSync(join(ROOT, 'bench/JOURNAL.md'))).toBe(true);
  });
  it('lists every section --only takes, and --render-quick', () => {
    const sections = /SECTIONS = \[([^\]]+)\]/.exec(read('bench/lib/args.ts'))?.[1] ?? '';
    const names = [...sections.matchAll(/'([a-z]+)'/g)].map((m) => m[1] ?? '');
    expect(names.length).toBeGreaterThan(5);
    const only = /`--only=` takes any of ([^\n]+\n[^\n]+)/.exec(guide)?.[1] ?? '';
    for (const n of names) expect(only).toContain(`\`${n}\``);
    expect(guide).toContain('npm run bench -- --render-quick');
  });
  it('bench code and its tests name a goal by what it measures, never by the round that set it', () => {
    const rounds = TRACKED.filter(
      (f) => /^(bench|tests\/unit\/bench)\/.*\.ts$/.test(f) && !f.startsWith('bench/results/'),
    ).filter((f) => /round[- _]?(one|two|three|four|five|six|[0-9])\b/i.test(f + '\n' + read(f)));
    expect(rounds).toEqual([]);
  });
  it('code comments cite the guide, not the journal', () => {
    const cites = [...CODE.matchAll(/bench\/README\.md,? "([^"]+)"/g)].map((m) => m[1] ?? '');
    const headings = new Set([...guide.matchAll(/^#+ (.+)$/gm)].map((m) => m[1] ?? ''));
    expect(cites.filter((c) => !headings.has(c))).toEqual([]);
    expect(CODE).not.toMatch(/(\/\/|\*).*bench\/JOURNAL\.md/); // a comment that cites the journal
  });
});

describe('file headers', () => {
  it('state no line count (it is false after the next change)', () => {
    const claims = TRACKED.filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.startsWith('node_modules/'))
      .filter((f) =>
        /\b\d{2,4} lines\b/.test(
          read(f)
            .split('\n')
            .slice(0, 12)
            .filter((l) => /^\s*(\/\/|\*|\/\*)/.test(l))
            .join('\n'),
        ),
      )
      .filter((f) => f !== 'tests/unit/house/docs-truth.test.ts');
    expect(claims).toEqual([]);
  });
});
