// Server CPU per request of the quotes injected in `/` (docs/client.md "The live price in the first HTML").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchServer } from '../lib/app-server.ts';
import { pageWithQuotes, splitPage } from '../../server/http/first-html.ts';
import { percentile } from '../lib/stats.ts';

export type PageCost = NonNullable<Awaited<ReturnType<typeof pageCost>>>;

const WARNING = { shown: true, percent: 74, computed_at: 1 };

/** On the bench's built page, with a quote for each of its instruments. */
function injectionUs(distDir: string): number | null {
  const parts = splitPage(readFileSync(join(distDir, 'index.html'), 'utf8'));
  if (!parts) return null;
  const market = {
    quoteTuple: (code: string) => [code, '1.08512', '0.35', Date.now(), 1] as [string, string, string, number, 1],
  };
  const n = 5_000;
  const t = performance.now();
  for (let i = 0; i < n; i++) pageWithQuotes(parts, market, Date.now(), WARNING);
  return ((performance.now() - t) * 1000) / n;
}

const BLOCK = 25;
const BLOCK_RE = /<script type="application\/json" id="tw-now">[\s\S]*?<\/script>/;

async function timed(url: string): Promise<{ ms: number; body: string }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  const body = await res.text();
  return { ms: performance.now() - t, body };
}

/**
 * Null (logged) when the served page has no snapshot. Each side's bytes are the decoded body; `extraCpuUs` is with
 * quotes − the file, server CPU µs per request; `injectUs` is measured in this process, with no compression.
 */
export async function pageCost(server: BenchServer, distDir: string, quick: boolean, log: (l: string) => void) {
  const probe = await timed(`${server.url}/`);
  const block = BLOCK_RE.exec(probe.body)?.[0];
  if (!block) {
    log('  page cost: skipped (the served page has no quotes block: no client build in the bench dist)');
    return null;
  }
  const rounds = quick ? 8 : 40;
  const sides = {
    withQuotes: { path: '/', ms: [] as number[], cpu: 0, bytes: 0 },
    file: { path: '/index.html', ms: [] as number[], cpu: 0, bytes: 0 },
  };
  for (let i = 0; i < 20; i++) await timed(`${server.url}/${i % 2 ? 'index.html' : ''}`); // warm both paths
  for (let r = 0; r < rounds; r++) {
    for (const s of [sides.withQuotes, sides.file]) {
      const before = server.usage()?.cpuSeconds ?? NaN;
      for (let i = 0; i < BLOCK; i++) {
        const { ms, body } = await timed(`${server.url}${s.path}`);
        s.ms.push(ms);
        s.bytes = body.length;
      }
      s.cpu += (server.usage()?.cpuSeconds ?? NaN) - before;
    }
  }
  const n = rounds * BLOCK;
  const side = (s: (typeof sides)['file']) => ({
    p50Ms: percentile(s.ms, 50),
    p99Ms: percentile(s.ms, 99),
    cpuUsPerRequest: Number.isFinite(s.cpu) ? (s.cpu * 1e6) / n : null,
    bytes: s.bytes,
  });
  const withQuotes = side(sides.withQuotes);
  const file = side(sides.file);
  const extraCpuUs =
    withQuotes.cpuUsPerRequest !== null && file.cpuUsPerRequest !== null
      ? withQuotes.cpuUsPerRequest - file.cpuUsPerRequest
      : null;
  const injectUs = injectionUs(distDir);
  const result = { requests: n, withQuotes, file, extraCpuUs, blockBytes: block.length, injectUs }; // n of each kind
  log(
    `  page with quotes ×${n}: p50/p99 ${withQuotes.p50Ms?.toFixed(2)}/${withQuotes.p99Ms?.toFixed(2)} ms, ` +
      `server CPU ${withQuotes.cpuUsPerRequest?.toFixed(0)} µs/request; the file: ${file.p50Ms?.toFixed(2)}/` +
      `${file.p99Ms?.toFixed(2)} ms, ${file.cpuUsPerRequest?.toFixed(0)} µs; the quotes add ${extraCpuUs?.toFixed(0)} µs ` +
      `and ${block.length} bytes (the injection alone ${injectUs?.toFixed(1)} µs a page, in-process)`,
  );
  return result;
}
