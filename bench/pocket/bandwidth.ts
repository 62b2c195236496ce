// Bytes per minute a page receives on its socket for the market list (DAY_MARKET), normal vs low-bandwidth mode
// (issue 26): the real server with 300 instruments at 20 ticks/s, two `ws` clients side by side for the same
// window, one of them asking for {type:'rate', ms: 1000} as the app's data-saver mode does. Run:
//   npx tsx bench/pocket/bandwidth.ts [seconds=30]
import WebSocket from 'ws';
import { startAppServer } from '../../tests/e2e/app-server.ts';
import { LOW_BANDWIDTH_RATE_MS } from '../../src/domain/ws-protocol.ts';

interface Counter {
  bytes: number;
  frames: number;
  quotes: number;
}

function client(url: string, rateMs: number | null, counter: Counter): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/v1/ws`);
    ws.on('open', () => {
      if (rateMs !== null) ws.send(JSON.stringify({ type: 'rate', ms: rateMs }));
      ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
      // Keep the socket out of the idle close, as the worker's heartbeat does.
      setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), 5000).unref();
      resolve(ws);
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (!text.startsWith('{"type":"DAY_MARKET"')) return;
      counter.bytes += data.length;
      counter.frames += 1;
      counter.quotes += (JSON.parse(text) as { data: unknown[] }).data.length;
    });
    ws.on('error', reject);
  });
}

const seconds = Number(process.argv[2] ?? 30);
const server = await startAppServer({ SIM_INSTRUMENTS: '300', SIM_HZ: '20', SIM_TIME: '2026-11-18T12:00:00Z' });
try {
  const normal: Counter = { bytes: 0, frames: 0, quotes: 0 };
  const low: Counter = { bytes: 0, frames: 0, quotes: 0 };
  const sockets = await Promise.all([client(server.url, null, normal), client(server.url, LOW_BANDWIDTH_RATE_MS, low)]);
  await new Promise((r) => setTimeout(r, 3000)); // past the snapshots
  for (const c of [normal, low]) Object.assign(c, { bytes: 0, frames: 0, quotes: 0 });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const perMin = (n: number): number => (n * 60) / seconds;
  const row = (name: string, c: Counter): string =>
    `${name.padEnd(14)} ${(perMin(c.bytes) / 1e6).toFixed(2).padStart(8)} MB/min ${perMin(c.frames).toFixed(0).padStart(6)} frames/min ${perMin(c.quotes).toFixed(0).padStart(8)} quotes/min`;
  console.log(`DAY_MARKET, 300 instruments × 20/s, ${seconds} s window`);
  console.log(row('normal', normal));
  console.log(row('low-bandwidth', low));
  console.log(`ratio: ${(normal.bytes / Math.max(1, low.bytes)).toFixed(1)}× fewer bytes in low-bandwidth mode`);
  for (const s of sockets) s.close();
} finally {
  await server.dispose();
}
