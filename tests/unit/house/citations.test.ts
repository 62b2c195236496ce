// What a comment or a doc cites must be there for the reader who follows it: every repository path a comment in the
// code (src/, workers/, server/, domain/, scripts/, bench/, tests/) or a doc names exists, every quoted section after
// a doc's name (`docs/<page>.md "Heading"`) is a heading of that doc (or a paragraph's bold lead, the docs' smallest
// heading), every relative link of a doc reaches a file, and every `§N` is a section of
// docs/contract.md (an RFC's own § excepted). A move, a rename or a retitled section that leaves a citation behind
// fails here.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (f: string): string => readFileSync(join(ROOT, f), 'utf8');
const TRACKED = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(join(ROOT, f)));

const CODE_ROOMS = /^(src|workers|server|domain|scripts|bench|tests)\//;
const CODE_FILE = /\.(ts|tsx|mjs|js|css|html|sql|sh|yml)$/;
/** bench/results holds measured data, and the bench's journal is a dated record that names things as they were then. */
const RECORDS = /^bench\/(results\/|JOURNAL\.md$)/;
const CODE = TRACKED.filter((f) => CODE_ROOMS.test(f) && CODE_FILE.test(f) && !RECORDS.test(f));
const DOCS = [...TRACKED.filter((f) => /^docs\/[\w-]+\.md$/.test(f)), 'README.md', 'bench/README.md'];

/** A comment's text, by the file's language (// and /* *\/ in code and CSS, -- in SQL, # in shell and YAML), in place:
 * everything else is blanked and the lines are kept, so a citation's line is the file's. String literals are
 * skipped whole, so the `//` of a URL in a string starts no comment. */
function comments(file: string, text: string): string {
  const re = file.endsWith('.sql')
    ? /('(?:[^'\n])*')|(--[^\n]*)/g
    : /\.(sh|yml)$/.test(file)
      ? /('[^'\n]*'|"(?:\\.|[^"\\\n])*")|((?:^|(?<=\s))#[^\n]*)/gm
      : /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|(\/\/[^\n]*|\/\*[\s\S]*?\*\/)/g;
  const out = text.replace(/[^\n]/g, ' ').split('');
  for (const m of text.matchAll(re)) {
    if (m[2] === undefined) continue;
    for (let i = 0; i < m[2].length; i++) out[(m.index ?? 0) + i] = m[2][i] ?? ' ';
  }
  return out.join('');
}

interface Source {
  file: string;
  /** What is read for citations: a code file's comments, a doc's whole text. */
  text: string;
}
const SOURCES: readonly Source[] = [
  ...CODE.map((file) => ({ file, text: comments(file, read(file)) })),
  ...DOCS.map((file) => ({ file, text: read(file) })),
];

/** A path from the repository's root: a top-level folder, sub-folders, a file with its extension. */
const PATH =
  /(?<![\w./@$-])((?:src|workers|server|domain|scripts|bench|tests|docs|locales|ops|public)\/(?:[\w.-]+\/)*[\w.-]*\w\.(?:tsx?|mjs|js|json|md|sql|css|html|sh|ya?ml|svg|png|csv))(?![\w/])/g;
/** A pattern rather than a file: NNN-name.sql, <feature>.ts, DATA_DIR/…, a glob. */
const PLACEHOLDER = /(^|\/)(NNN|[A-Z][A-Z_]+)(\/|-|$)|[<>*{}]/;

/** A doc's name and a quoted heading after it (a comma or a link's parenthesis between), or a chain of them:
 * `"A", "B" and "C"`. */
const SECTION =
  /(?<![\w/.-])((?:\.\.\/)*(?:(?:docs|bench)\/)?[\w-]+\.md)\)?,? ("[^"\n]+"(?:(?:,\s*|\s+and\s+|\s+or\s+)"[^"\n]+")*)/g;

/** `§N` or `§N.M`, unless an RFC's (`RFC 6238 §5.2`). */
const PARAGRAPH = /(?<!RFC[\s\u00a0]?\d{1,5}[\s\u00a0])§(\d+(?:\.\d+)*)/g;

interface Cite {
  file: string;
  line: number;
  text: string;
}

/** Every match of `re` in the sources, with its file and line. */
function cites(re: RegExp, group = 1): (Cite & { match: RegExpMatchArray })[] {
  return SOURCES.flatMap(({ file, text }) =>
    [...text.matchAll(re)].map((m) => ({
      file,
      line: text.slice(0, m.index).split('\n').length,
      text: m[group] ?? '',
      match: m,
    })),
  );
}

const where = (c: Cite): string => `${c.file} (${c.line}): ${c.text}`;

/** A heading as a citation quotes it: without its hashes, backticks and bold marks. */
const plain = (h: string): string => h.replace(/[`*]/g, '').trim();

/** A paragraph's bold lead, which the docs use as a small heading: `**Base address.**`, `9. **Why …:**`. */
const LABEL = /^[ \t]*(?:[-*]|\d+\.)?[ \t]*\*\*([^*\n]+?)\*\*/gm;

/** The headings of a doc, and its paragraphs' bold leads, as a citation quotes them. */
const headingsOf = new Map<string, Set<string>>();
function headings(doc: string): Set<string> {
  let hs = headingsOf.get(doc);
  if (!hs) {
    const text = read(doc);
    hs = new Set(
      [...text.matchAll(/^#{1,6} (.+)$/gm), ...text.matchAll(LABEL)].map((m) => plain(m[1] ?? '').replace(/[.:]$/, '')),
    );
    headingsOf.set(doc, hs);
  }
  return hs;
}

/**
 * Whether `title` names one of `hs`: the heading itself, its words before a parenthesis, colon or dash ("Swaps" for
 * "Swaps (overnight financing)", "Quote interest" for "Quote interest: only what is on screen crosses"), or one item
 * of a heading that lists several ("Size by risk" for "Stops in the form, size by risk"). Case aside.
 */
function names(hs: ReadonlySet<string>, title: string): boolean {
  const t = plain(title).toLowerCase();
  return [...hs].some((h) => {
    const head = h.toLowerCase();
    return head === t || head.split(/ \(|: | [—–] /)[0] === t || head.split(/, | and |: /).includes(t);
  });
}

/** Where a cited doc is: from the root (`docs/…`, `bench/…`, `README.md`), else beside the citing doc, else in docs/. */
function resolveDoc(cited: string, from: string): string {
  if (/^(docs|bench)\//.test(cited) || cited === 'README.md') return cited;
  const beside = normalize(join(dirname(from), cited));
  return from.endsWith('.md') && existsSync(join(ROOT, beside)) ? beside : `docs/${cited}`;
}

describe('citations lead somewhere', () => {
  it('the patterns find what they are meant to (and not a glob or a placeholder)', () => {
    const path = (s: string): string[] => [...s.matchAll(PATH)].map((m) => m[1] ?? '');
    expect(path('see src/api/private-image.ts, and docs/wallet.md.')).toEqual([
      'src/api/private-image.ts',
      'docs/wallet.md',
    ]);
    expect(path('https://example.com/src/a.ts ../bench/x.ts')).toEqual([]);
    expect(PLACEHOLDER.test('server/db/migrations/NNN-name.sql')).toBe(true);
    expect(PLACEHOLDER.test('server/routes/<feature>.ts')).toBe(true);
    const section = (s: string): string[] => [...s.matchAll(SECTION)].map((m) => `${m[1]} ${m[2]}`);
    expect(
      section('docs/screens.md "Halts" and docs/trading.md, "Swaps", "Margin call" and "Halts and expiry"'),
    ).toEqual(['docs/screens.md "Halts"', 'docs/trading.md "Swaps", "Margin call" and "Halts and expiry"']);
    expect(section('[content.md](content.md) "Content languages"')).toEqual(['content.md "Content languages"']);
    const para = (s: string): string[] => [...s.matchAll(PARAGRAPH)].map((m) => m[1] ?? '');
    expect(para('docs/contract.md §7–§8, §10; RFC 6238 §5.2')).toEqual(['7', '8', '10']);
  });

  it('every repository path a comment or a doc names exists', () => {
    const all = cites(PATH).filter((c) => !PLACEHOLDER.test(c.text));
    expect(all.length).toBeGreaterThan(500);
    expect(all.filter((c) => !existsSync(join(ROOT, c.text))).map(where)).toEqual([]);
  });

  it('every relative link of a doc reaches a file', () => {
    const links = DOCS.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
        .filter((m) => !/^[a-z]+:/.test(m[1] ?? ''))
        .map((m) => ({ file, line: 0, text: normalize(join(dirname(file), m[1] ?? '')) })),
    );
    expect(links.length).toBeGreaterThan(50);
    expect(links.filter((l) => !existsSync(join(ROOT, l.text))).map(where)).toEqual([]);
  });

  it('every quoted section of a doc is a heading of that doc', () => {
    const all = cites(SECTION).flatMap((c) => {
      const doc = resolveDoc(c.text, c.file);
      const titles = [...(c.match[2] ?? '').matchAll(/"([^"\n]+)"/g)].map((m) => m[1] ?? '');
      return titles.map((title) => ({ ...c, doc, title }));
    });
    expect(all.length).toBeGreaterThan(300);
    const wrong = all.filter((c) => !existsSync(join(ROOT, c.doc)) || !names(headings(c.doc), c.title));
    expect(wrong.map((c) => `${c.file} (${c.line}): ${c.doc} "${c.title}"`)).toEqual([]);
  });

  it('every §N is a section of docs/contract.md', () => {
    const sections = new Set(
      [...read('docs/contract.md').matchAll(/^#{2,4} (\d+(?:\.\d+)*)\. /gm)].map((m) => m[1] ?? ''),
    );
    expect(sections.size).toBeGreaterThan(5);
    const all = cites(PARAGRAPH);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((c) => !sections.has(c.text)).map(where)).toEqual([]);
  });
});
