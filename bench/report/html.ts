// One self-contained HTML report that opens from file:// with no server and no network.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pageKit } from './page-kit.ts';

const require = createRequire(import.meta.url);

/** Its `umd` export is not resolvable by Node's conditions, so read from the package root. */
function umdOf(pkg: string): string {
  let dir = dirname(require.resolve(pkg));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const exports = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: { umd?: string } })
    .exports;
  if (!exports?.umd) throw new Error(`${pkg} has no umd build`);
  return readFileSync(join(dir, exports.umd), 'utf8');
}

/** Nothing in the text can close the script element. */
function scriptText(s: string): string {
  return s.replace(/<\/(script)/gi, '<\\/$1');
}

const STYLE = `
  body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #111; background: #fff; }
  h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; border-bottom: 1px solid #ddd; } h3 { font-size: 15px; }
  dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; } dt { color: #555; } dd { margin: 0; }
  .grid { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
  figure { margin: 8px 0; } figcaption { font-size: 12px; color: #333; max-width: 460px; margin-bottom: 4px; }
  .note, .empty { color: #555; font-size: 13px; } .empty { font-style: italic; }
  table { border-collapse: collapse; font-size: 13px; } td, th { border-bottom: 1px solid #eee; padding: 3px 8px; text-align: left; vertical-align: top; }
  td.num { text-align: right; white-space: nowrap; } td.small { font-size: 12px; color: #555; max-width: 420px; }
  .verdict.met { color: #15803d; font-weight: 600; } .verdict.missed { color: #b91c1c; font-weight: 600; } .verdict.na { color: #777; }
  .up { color: #b91c1c; } .down { color: #15803d; }
`;

export function htmlPage(title: string, data: unknown, draw: (data: never) => void): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // Few lines: every committed report shares this frame, and many lines would read as code copied into each file.
  const head = `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`;
  const style = STYLE.trim().replace(/\s*\n\s*/g, ' ');
  // d3 first: Plot's UMD reads it from the global.
  const libraries = `${umdOf('d3')}\n;\n${umdOf('@observablehq/plot')}`;
  const run = `try { ${draw.name}(DATA); document.body.dataset.drawn = 'true'; } catch (err) { document.body.dataset.drawn = 'failed'; document.getElementById('report').append(String(err && err.stack || err)); }`;
  return `<!doctype html><html lang="en"><head>${head}<title>${title.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</title><style>${style}</style></head>
<body><main id="report"></main>
<script>${scriptText(libraries)}</script>
<script>globalThis.__name = globalThis.__name || ((f) => f); const DATA = ${json};
${scriptText(pageKit.toString())}
${scriptText(draw.toString())}
${run}</script></body></html>
`;
}
