// Build-only: the first screen paints before any app script (docs/client.md "The live price in the first HTML").
import { fileURLToPath } from 'node:url';
import { createServer, type IndexHtmlTransformContext, type Plugin } from 'vite';
import { rolldown } from 'rolldown';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { firstTexts } from './first-texts-plugin.ts';
import type { FirstScreens } from '../src/boot/prerender.tsx';
import type { Instrument } from '../domain/types.ts';
import { scriptSafeJson } from '../domain/first-quotes.ts';
import {
  APP_SCRIPTS_ID,
  BOOT_DATA_ID,
  SHELL_TEMPLATE_ID,
  TRADE_TEMPLATE_ID,
  type AppScripts,
} from '../src/boot/first-paint.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Their chunks' stylesheets are needed before their scripts arrive. */
const FIRST_SCREEN_MODULES = [
  /[\\/]src[\\/]pages[\\/]market[\\/]market-page\.tsx$/,
  /[\\/]src[\\/]pages[\\/]trade[\\/]trade-page\.tsx$/,
];
const ROOT_DIV = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/;

/** A throwaway Vite SSR server sees the app's modules as the browser build does. */
async function drawFirstScreens(): Promise<FirstScreens> {
  const vite = await createServer({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [firstTexts()],
  });
  try {
    const { buildCatalogue } = (await vite.ssrLoadModule('/scripts/prerender-catalogue.ts')) as {
      buildCatalogue: () => Instrument[];
    };
    const { prerenderFirstScreens } = (await vite.ssrLoadModule('/src/boot/prerender.tsx')) as {
      prerenderFirstScreens: (c: Instrument[]) => Promise<FirstScreens>;
    };
    return await prerenderFirstScreens(buildCatalogue());
  } finally {
    await vite.close();
  }
}

/** A minified classic script runs inline before any module; the server allows it by hash (inline-scripts.ts). */
export async function inlineScript(): Promise<string> {
  const bundle = await rolldown({
    input: fileURLToPath(new URL('../src/boot/inline-paint.ts', import.meta.url)),
    logLevel: 'silent',
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    return output[0].code.trim();
  } finally {
    await bundle.close();
  }
}

/** Every chunk they import statically too. */
function firstScreenCss(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (c: OutputChunk): void => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    const meta = (c as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
    for (const f of meta?.importedCss ?? []) css.add(f);
    for (const imp of c.imports) {
      const next = byName.get(imp);
      if (next) visit(next);
    }
  };
  for (const c of chunks) if (c.moduleIds.some((id) => FIRST_SCREEN_MODULES.some((re) => re.test(id)))) visit(c);
  return [...css];
}

const STYLESHEET_LINK = /<link rel="stylesheet"([^>]*?) href="\/([^"]+\.css)"([^>]*)>/g;

/** Inline so no request holds the first paint; the link stays `disabled` so Vite's preload adds no second copy. */
export function inlineStylesheets(html: string, read: (file: string) => string | undefined): string {
  const out = html.replace(STYLESHEET_LINK, (_link: string, before: string, file: string, after: string) => {
    const css = read(file);
    if (css === undefined) throw new Error(`prerender: no stylesheet ${file} in the bundle`);
    // Inline, a relative url() would resolve against the page, not the file; a "</style" would end the block.
    if (/url\(\s*["']?(?!data:|\/|https?:)/i.test(css) || /@import/i.test(css))
      throw new Error(`prerender: ${file} refers to other files; it cannot be inlined`);
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${file} contains "</style"`);
    return `<style>${css.trim()}</style><link rel="stylesheet"${before} href="/${file}"${after.replace(/\s*\/$/, '')} disabled>`;
  });
  // A link in another form (another base, another host) would hold the first paint until it loads.
  const left = /<link rel="stylesheet"(?![^>]* disabled>)[^>]*>/.exec(out);
  if (left) throw new Error(`prerender: ${left[0]} is not inlined`);
  return out;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The inline script requests them once the first screen has painted (src/boot/first-paint.ts). */
export function deferAppScripts(html: string): { html: string; scripts: AppScripts } {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1] ?? '');
  if (entries.length !== 1 || !entries[0])
    throw new Error(`prerender: expected one entry <script type="module">, found ${entries.length}`);
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '');
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), scripts: { entry: entries[0], preload } };
}

const cssOf =
  (bundle: OutputBundle) =>
  (file: string): string | undefined => {
    const a = bundle[file];
    if (a?.type !== 'asset') return undefined;
    return typeof a.source === 'string' ? a.source : new TextDecoder().decode(a.source);
  };

export function prerenderFirstScreen(): Plugin {
  return {
    name: 'tickwise-prerender',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html: string, ctx: IndexHtmlTransformContext) {
        if (!ctx.filename.endsWith('index.html') || !ctx.bundle) return html;
        const shell = ROOT_DIV.exec(html)?.[1];
        if (shell === undefined) throw new Error('prerender: index.html has no <div id="root"> before <noscript>');
        const [screens, script] = await Promise.all([drawFirstScreens(), inlineScript()]);
        const links = firstScreenCss(ctx.bundle)
          .filter((f) => !html.includes(f)) // the entry's own are linked already
          .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
          .join('');
        if (/<script|\$RC\(/.test(screens.market + screens.trade))
          throw new Error('prerender: a screen was streamed in parts (a lazy part not preloaded)');
        const deferred = deferAppScripts(html);
        const body =
          // Hidden (data-wait) until the inline script has chosen and painted the screen (src/boot/inline-paint.ts).
          `<div id="root" data-pre="/" data-wait>${screens.market}</div>` +
          `<template id="${TRADE_TEMPLATE_ID}">${screens.trade}</template>` +
          `<template id="${SHELL_TEMPLATE_ID}">${shell}</template>` +
          `<script type="application/json" id="${BOOT_DATA_ID}">${scriptSafeJson(screens.data)}</script>` +
          `<script type="application/json" id="${APP_SCRIPTS_ID}">${scriptSafeJson(deferred.scripts)}</script>` +
          `<script>${script}</script>\n    <noscript>`;
        return inlineStylesheets(
          deferred.html.replace(ROOT_DIV, () => body).replace('</head>', `${links}</head>`),
          cssOf(ctx.bundle),
        );
      },
    },
  };
}
