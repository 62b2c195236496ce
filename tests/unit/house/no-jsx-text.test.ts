// @vitest-environment node
// Convention 7: every visible string goes through i18next. This fails on any JSX text with a letter in it, and on
// string literals in the visible attributes (title, placeholder, alt, aria-label) of the app's components.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const VISIBLE_ATTRIBUTES = new Set(['title', 'placeholder', 'alt', 'aria-label']);
const LETTER = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(p);
    return e.name.endsWith('.tsx') ? [p] : [];
  });
}

function literalTexts(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init) && LETTER.test(init.text)) found.push(`${node.name.getText(sf)}="${init.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found.map((t) => `${file}: ${t}`);
}

describe('no text literals in JSX', () => {
  it('the checker finds text and visible attributes, and ignores expressions', () => {
    const src =
      'const a = <p title="Hello">Buy now {t("x")}</p>; const b = <i className="icon" aria-label={t("y")} />;';
    expect(literalTexts('x.tsx', src)).toEqual(['x.tsx: title="Hello"', 'x.tsx: Buy now']);
  });

  it('the app has none', () => {
    const offenders = tsxFiles('src').flatMap((f) => literalTexts(f, readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
