// @vitest-environment node
// The bench's bundle walk (bench/startup/bundle.ts): packages named from source-map paths, and the static-import
// closure of a chunk in Vite's manifest (dynamic imports are not followed).
import { describe, expect, it } from 'vitest';
import { packagesOf, routePages, staticClosure } from '../../../../bench/startup/bundle.ts';

describe('bundle walk', () => {
  it('names packages, scoped ones included, once each', () => {
    expect(
      packagesOf([
        '../../../../node_modules/react-dom/cjs/react-dom.production.js',
        '../../../../node_modules/@preact/signals-core/dist/signals-core.mjs',
        '../../../../node_modules/react-dom/client.js',
        '../../../../src/main.tsx',
        '..\\..\\node_modules\\lightweight-charts\\dist\\x.js',
      ]),
    ).toEqual(['@preact/signals-core', 'lightweight-charts', 'react-dom']);
  });

  it('follows static imports only', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_a.js'], dynamicImports: ['src/page.tsx'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js', 'index.html'] },
      '_b.js': { file: 'assets/b.js' },
      'src/page.tsx': { file: 'assets/page.js', imports: ['_c.js'] },
      '_c.js': { file: 'assets/c.js' },
    };
    expect(staticClosure(manifest, 'index.html').sort()).toEqual(['_a.js', '_b.js', 'index.html']);
    expect(staticClosure(manifest, 'src/page.tsx').sort()).toEqual(['_c.js', 'src/page.tsx']);
    expect(staticClosure(manifest, 'missing')).toEqual([]);
  });

  it('finds the route pages a chunk of the entry imports dynamically (the route table is not in the entry file)', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_app.js'] },
      '_app.js': {
        file: 'assets/app.js',
        dynamicImports: ['src/pages/trade/trade-page.tsx', 'src/i18n/x.json', 'src/pages/m.tsx'],
      },
      'src/pages/trade/trade-page.tsx': { file: 'assets/trade.js' },
      'src/pages/m.tsx': { file: 'assets/m.js', dynamicImports: ['src/pages/deeper.tsx'] },
    };
    expect(routePages(manifest, staticClosure(manifest, 'index.html')).sort()).toEqual([
      'src/pages/m.tsx',
      'src/pages/trade/trade-page.tsx',
    ]);
  });
});
