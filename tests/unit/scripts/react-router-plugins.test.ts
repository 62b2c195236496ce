// @vitest-environment node
// The build transform that lets the bundler drop react-router's unused parts (scripts/react-router-plugins.ts):
// displayName lines emptied in place (line numbers kept) and the three factories marked pure; nothing else changes.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { markReactRouterPure, reactRouterPure } from '../../../scripts/react-router-plugins.ts';

const source = [
  'var DataRouterContext = React.createContext(null);',
  'DataRouterContext.displayName = "DataRouter";',
  'var Link = React2.forwardRef(function Link2(props, ref) { return null; });',
  'Link.displayName = "Link";',
  'var Memo = React3.memo(Inner);',
  'const label = "x.displayName = \\"kept\\"";',
].join('\n');

describe('react-router pure transform', () => {
  it('empties the displayName lines and marks createContext, forwardRef and memo pure, keeping every line', () => {
    const out = markReactRouterPure(source).split('\n');
    expect(out).toEqual([
      'var DataRouterContext = /* @__PURE__ */ React.createContext(null);',
      '',
      'var Link = /* @__PURE__ */ React2.forwardRef(function Link2(props, ref) { return null; });',
      '',
      'var Memo = /* @__PURE__ */ React3.memo(Inner);',
      'const label = "x.displayName = \\"kept\\"";',
    ]);
  });

  it("reads the RSC router's context as false in the route error boundary, so its RSC handler can drop out", () => {
    const boundary = [
      '  render() {',
      '    if (this.context && typeof error === "object" && error && "digest" in error) {',
      '      error = decodeRouteErrorResponseDigest(error.digest);',
      '    }',
      '    if (this.context) {',
      '      return /* @__PURE__ */ React2.createElement(RSCErrorHandler, { error }, result);',
      '    }',
      '    if (this.context) other();',
      '    return result;',
      '  }',
    ].join('\n');
    const out = markReactRouterPure(boundary).split('\n');
    expect(out[1]).toBe('    if (false && typeof error === "object" && error && "digest" in error) {');
    expect(out[4]).toBe('    if (false) {');
    expect(out[7]).toBe('    if (this.context) other();'); // any other read of a context is left alone
    expect(out).toHaveLength(10);
  });

  it('finds both reads in the installed react-router (a new release that moved them fails here)', () => {
    const dir = fileURLToPath(new URL('../../../node_modules/react-router/dist/production/', import.meta.url));
    const chunks = readdirSync(dir).filter((f) => /^chunk-.*\.mjs$/.test(f));
    const file =
      chunks.map((f) => readFileSync(dir + f, 'utf8')).find((code) => code.includes('RSCErrorHandler')) ?? '';
    const out = markReactRouterPure(file);
    expect(out).not.toMatch(/this\.context/);
    expect(out.match(/if \(false\b/g)).toHaveLength(2);
  });

  it('touches react-router production files only', () => {
    const plugin = reactRouterPure();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform(source, '/p/node_modules/react-router/dist/production/chunk-ABC.mjs')?.code).toContain(
      '@__PURE__',
    );
    expect(transform(source, '/p/node_modules/react-dom/cjs/react-dom.production.js')).toBeNull();
    expect(transform(source, '/p/src/app/routes.tsx')).toBeNull();
  });
});
