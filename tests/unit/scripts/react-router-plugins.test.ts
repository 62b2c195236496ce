// @vitest-environment node
// The build transform that lets the bundler drop react-router's unused parts (scripts/react-router-plugins.ts):
// displayName lines emptied in place (line numbers kept) and the three factories marked pure; nothing else changes.
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
