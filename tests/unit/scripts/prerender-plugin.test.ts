// @vitest-environment node
// The first screen's stylesheets go into index.html (scripts/prerender-plugin.ts inlineStylesheets): in their places,
// each followed by its link disabled (not fetched, yet found by Vite's preload helper), and refused when inlining
// would change what the rules mean. The app's scripts leave <head> for the inline script to request (deferAppScripts).
import { describe, expect, it } from 'vitest';
import { deferAppScripts, inlineStylesheets } from '../../../scripts/prerender-plugin.ts';

const files: Record<string, string> = {
  'assets/app-1.css': '.a{color:red}\n',
  'assets/market-2.css': '.b{color:blue}',
};
const read = (f: string): string | undefined => files[f];

describe('inlineStylesheets', () => {
  it('puts each stylesheet in its link’s place and keeps the link, disabled', () => {
    const html =
      '<head><link rel="modulepreload" crossorigin href="/assets/app-1.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/app-1.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/market-2.css"></head>';
    expect(inlineStylesheets(html, read)).toBe(
      '<head><link rel="modulepreload" crossorigin href="/assets/app-1.js">' +
        '<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/app-1.css" disabled>' +
        '<style>.b{color:blue}</style><link rel="stylesheet" crossorigin href="/assets/market-2.css" disabled></head>',
    );
  });

  it('refuses a stylesheet link it cannot inline, which would hold the first paint', () => {
    expect(() => inlineStylesheets('<link rel="stylesheet" href="./assets/app-1.css">', read)).toThrow(
      /is not inlined/,
    );
  });

  it('refuses a stylesheet the bundle does not have', () => {
    expect(() => inlineStylesheets('<link rel="stylesheet" href="/assets/gone.css">', read)).toThrow(
      /no stylesheet assets\/gone\.css/,
    );
  });

  it('refuses rules whose meaning depends on the file’s place, and text that would end the block', () => {
    const with_ =
      (css: string): (() => string) =>
      () =>
        inlineStylesheets('<link rel="stylesheet" href="/x.css">', () => css);
    expect(with_('.a{background:url(./icon.svg)}')).toThrow(/refers to other files/);
    expect(with_('.a{background:url("logo.png")}')).toThrow(/refers to other files/);
    expect(with_('@import "more.css";')).toThrow(/refers to other files/);
    expect(with_('.a{content:"</style>"}')).toThrow(/"<\/style"/);
    expect(with_('.a{background:url(data:image/svg+xml,x)}')()).toContain(
      '<style>.a{background:url(data:image/svg+xml,x)}</style>',
    );
  });
});

describe('deferAppScripts', () => {
  const head =
    '<head><title>T</title>\n    <script type="module" crossorigin src="/assets/main-1.js"></script>\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/react-2.js">\n    <link rel="modulepreload" crossorigin href="/assets/app-3.js">\n' +
    '    <link rel="stylesheet" crossorigin href="/assets/app-3.css">\n</head>';

  it('takes the entry and its preloads out of <head>, in order, and leaves everything else', () => {
    const out = deferAppScripts(head);
    expect(out.scripts).toEqual({ entry: '/assets/main-1.js', preload: ['/assets/react-2.js', '/assets/app-3.js'] });
    expect(out.html).toBe(
      '<head><title>T</title>\n    <link rel="stylesheet" crossorigin href="/assets/app-3.css">\n</head>',
    );
  });

  it('refuses a page without exactly one entry (the app would never start, or start twice)', () => {
    expect(() => deferAppScripts('<head></head>')).toThrow(/one entry .*found 0/);
    const two = head.replace('</head>', '<script type="module" crossorigin src="/assets/other.js"></script></head>');
    expect(() => deferAppScripts(two)).toThrow(/found 2/);
  });
});
