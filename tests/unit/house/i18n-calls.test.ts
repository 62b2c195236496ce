// @vitest-environment node
// No "{{…}}" reaches the screen unfilled, checked in the source instead of on every screen in every language: each
// call of `t('a.key', …)` in src/ with a literal key gives a value for every placeholder the key's English text has
// (the translations keep the same placeholders: i18n-keys.test.ts). A call whose options are not an object literal
// (or spread one) is not checkable here; the browser walk of tests/e2e/no-placeholders.test.ts covers the screens.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const english = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Tree;

/** The English text of `key`, or of its plural forms (`key_one`, `key_other`, …) joined: i18next picks one by count. */
function textsOf(key: string): string | undefined {
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  let node: string | Tree | undefined = english;
  for (const p of parts) node = typeof node === 'object' ? node[p] : undefined;
  if (typeof node !== 'object') return undefined;
  const own = node[last];
  if (typeof own === 'string') return own;
  const plural = Object.entries(node).flatMap(([k, v]) =>
    k.startsWith(`${last}_`) && typeof v === 'string' ? [v] : [],
  );
  return plural.length > 0 ? plural.join(' ') : undefined;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? '');

interface Call {
  where: string;
  key: string;
  /** The option names given, or null when they cannot be read from the source. */
  given: string[] | null;
}

/** Every `t('literal', …)` / `x.t('literal', …)` call in `source`. */
export function tCalls(file: string, source: string): Call[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const calls: Call[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const [first, options] = node.arguments;
      if (name === 't' && first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
        let given: string[] | null = [];
        if (options) {
          given =
            ts.isObjectLiteralExpression(options) && !options.properties.some(ts.isSpreadAssignment)
              ? options.properties.map((p) => p.name?.getText(sf) ?? '')
              : null;
        }
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        calls.push({ where: `${file}:${line}`, key: first.text, given });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return calls;
}

/** The placeholders of each call's text that the call gives no value for. */
export function unfilled(calls: readonly Call[], text: (key: string) => string | undefined): string[] {
  return calls.flatMap((c) => {
    const t = text(c.key);
    if (t === undefined || c.given === null) return [];
    const given = new Set(c.given);
    return placeholders(t)
      .filter((p) => !given.has(p))
      .map((p) => `${c.where} t('${c.key}') leaves {{${p}}} unfilled`);
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('placeholders filled by their calls', () => {
  it('the checker reads the options given, plural keys, and leaves what it cannot read alone', () => {
    const calls = tCalls(
      'x.tsx',
      "t('a.one', { n }); t('a.two'); i18n.t('a.three', { ...o }); t('a.four', opts); t('a.many', { count: 2 });",
    );
    const texts: Record<string, string> = { 'a.one': '{{n}} and {{m}}', 'a.two': 'at {{time}}', 'a.three': '{{x}}' };
    texts['a.four'] = '{{y}}';
    texts['a.many'] = '{{count}} items';
    expect(unfilled(calls, (k) => texts[k])).toEqual([
      "x.tsx:1 t('a.one') leaves {{m}} unfilled",
      "x.tsx:1 t('a.two') leaves {{time}} unfilled",
    ]);
    expect(textsOf('trade.no_such_key_anywhere')).toBeUndefined();
  });

  it('every literal call in src/ gives each placeholder of its text a value', () => {
    const calls = sourceFiles('src').flatMap((f) => tCalls(f, readFileSync(f, 'utf8')));
    expect(calls.length).toBeGreaterThan(300);
    const checked = calls.filter((c) => c.given !== null && placeholders(textsOf(c.key) ?? '').length > 0);
    expect(checked.length).toBeGreaterThan(20);
    expect(unfilled(calls, textsOf)).toEqual([]);
  });
});
