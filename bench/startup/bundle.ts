// Section 3a: bundle sizes from Vite's manifest: per chunk, the first screen, each route, and the packages inside.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { bytesBySource } from '../report/chunk-sources.ts';

type FileSize = ReturnType<typeof sizeOf>;
type ChunkSet = ReturnType<typeof chunkSet>;
export type BundleReport = ReturnType<typeof bundleReport>;

/** The page `/` shows: with the entry, the first screen. */
const FIRST_PAGE = 'src/pages/market/market-page.tsx';

const total = (list: readonly FileSize[], k: 'raw' | 'gzip' | 'brotli'): number => list.reduce((a, f) => a + f[k], 0);

/** From the `sources` of its source map (node_modules/<pkg>/ or node_modules/@s/<pkg>/). */
export function packagesOf(sources: readonly string[]): string[] {
  const out = new Set<string>();
  for (const s of sources) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(s.replace(/\\/g, '/'));
    if (m?.[1]) out.add(m[1]);
  }
  return [...out].sort();
}

/** The chunk itself included. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string): void => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k]?.imports ?? []) visit(i);
  };
  visit(key);
  return [...seen];
}

/** `packageBytes`: bytes by package from the source map, "app" for our own code. */
function sizeOf(dist: string, file: string) {
  const buf = readFileSync(join(dist, file));
  let packages: string[] = [];
  let packageBytes: Record<string, number> | undefined;
  const map = join(dist, `${file}.map`);
  if (file.endsWith('.js') && existsSync(map)) {
    try {
      const parsed = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[]; mappings?: string };
      packages = packagesOf(parsed.sources ?? []);
      packageBytes = bytesBySource(buf.toString('utf8'), parsed, (s) => packagesOf([s])[0] ?? 'app');
    } catch {
      packages = [];
    }
  }
  return {
    file,
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    packages,
    ...(packageBytes ? { packageBytes } : {}),
  };
}

function chunkSet(dist: string, manifest: Manifest, keys: readonly string[], exclude: ReadonlySet<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    const c = manifest[k];
    if (!c) continue;
    if (!exclude.has(c.file)) js.add(c.file);
    for (const f of c.css ?? []) if (!exclude.has(f)) css.add(f);
  }
  const jsSizes = [...js].filter((f) => f.endsWith('.js')).map((f) => sizeOf(dist, f));
  const cssSizes = [...css].map((f) => sizeOf(dist, f));
  return {
    js: jsSizes,
    css: cssSizes,
    jsRaw: total(jsSizes, 'raw'),
    jsGzip: total(jsSizes, 'gzip'),
    jsBrotli: total(jsSizes, 'brotli'),
    cssGzip: total(cssSizes, 'gzip'),
  };
}

/** The route table lives in the `app` chunk, not the entry file, so every chunk of the entry's closure is read. */
export function routePages(manifest: Manifest, entryKeys: readonly string[]): string[] {
  const pages = new Set<string>();
  for (const k of entryKeys)
    for (const d of manifest[k]?.dynamicImports ?? []) if (d.startsWith('src/pages/')) pages.add(d);
  return [...pages];
}

/** The first screen lists the worker apart; a route, the chunks it adds on top of the entry; `chunks`, all with the worker. */
export function bundleReport(dist: string) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with --manifest`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';
  const entryKeys = staticClosure(manifest, entryKey);
  const entryFiles = new Set(entryKeys.flatMap((k) => [manifest[k]?.file ?? '', ...(manifest[k]?.css ?? [])]));
  const routes: Record<string, ChunkSet> = {};
  for (const page of routePages(manifest, entryKeys)) {
    routes[page] = chunkSet(dist, manifest, staticClosure(manifest, page), entryFiles);
  }
  const firstKeys = [...entryKeys, ...staticClosure(manifest, FIRST_PAGE)];
  const firstScreen = chunkSet(dist, manifest, firstKeys, new Set());
  const workerFile = (manifest[entryKey]?.assets ?? []).find((f) => /worker/i.test(f) && f.endsWith('.js'));
  const allJsFiles = [
    ...new Set(
      Object.values(manifest)
        .map((c) => c.file)
        .filter((f) => f.endsWith('.js')),
    ),
  ];
  if (workerFile) allJsFiles.push(workerFile);
  const all = allJsFiles.map((f) => sizeOf(dist, f));
  return {
    firstScreen,
    worker: workerFile ? sizeOf(dist, workerFile) : null,
    routes,
    lightweightChartsOnFirstScreen: firstScreen.js.some((f) => f.packages.includes('lightweight-charts')),
    allJs: { raw: total(all, 'raw'), gzip: total(all, 'gzip'), brotli: total(all, 'brotli'), files: all.length },
    chunks: all,
  };
}
