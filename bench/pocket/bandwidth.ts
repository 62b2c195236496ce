// Bytes per minute a page's socket receives, normal against low-bandwidth mode, per screen, all rows ticking.
import WebSocket from 'ws';
import { resolve } from 'node:path';
import { startBenchServer } from '../lib/app-server.ts';
import { LOW_BANDWIDTH_RATE_MS } from '../../domain/ws-protocol.ts';

/** Mounted rows (9 + 3 overscan) + one position's instrument + the /trade instrument. */
const VISIBLE_CODES = 14;
const visibleCodes = Array.from({ length: VISIBLE_CODES }, (_, i) => `SYN${String(i + 1).padStart(4, '0')}`);
const TRADE_KLINE = 'KLINE.SYN0001';

interface Counter {
  bytes: number;
  frames: number;
  quotes: number;
}

interface Case {
  screen: string;
  mode: string;
  rateMs: number | null;
  codes: string[] | null;
  kline: boolean;
  counter: Counter;
}

const zero = (): Counter => ({ bytes: 0, frames: 0, quotes: 0 });

function client(url: string, c: Case): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/v1/ws`);
    ws.on('open', () => {
      if (c.rateMs !== null) ws.send(JSON.stringify({ type: 'rate', ms: c.rateMs }));
      if (c.codes !== null) ws.send(JSON.stringify({ type: 'codes', codes: c.codes }));
      ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
      if (c.kline) ws.send(JSON.stringify({ type: 'sub', topic: TRADE_KLINE }));
      // Keep the socket out of the idle close, as the worker's heartbeat does.
      setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), 5000).unref();
      resolve(ws);
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      const day = text.startsWith('{"type":"DAY_MARKET"');
      if (!day && !text.startsWith('{"type":"KLINE"')) return;
      c.counter.bytes += data.length;
      c.counter.frames += 1;
      c.counter.quotes += day ? (JSON.parse(text) as { data: unknown[] }).data.length : 1;
    });
    ws.on('error', reject);
  });
}

const seconds = Number(process.argv[2] ?? 30);
const screens = (process.argv[3] ?? 'market,trade').split(',');
const cases: Case[] = screens.flatMap((screen) => {
  const kline = screen === 'trade';
  return [
    { screen, mode: 'normal', rateMs: null, codes: null, kline, counter: zero() },
    { screen, mode: 'low-bandwidth, rate only', rateMs: LOW_BANDWIDTH_RATE_MS, codes: null, kline, counter: zero() },
    {
      screen,
      mode: `low-bandwidth, ${VISIBLE_CODES} codes`,
      rateMs: LOW_BANDWIDTH_RATE_MS,
      codes: visibleCodes,
      kline,
      counter: zero(),
    },
  ];
});
const server = await startBenchServer({
  env: { SIM_INSTRUMENTS: '300', SIM_HZ: '20', SIM_TIME: '2026-11-18T12:00:00Z' },
  distDir: resolve('dist'),
  cpus: null,
});
try {
  const sockets = await Promise.all(cases.map((c) => client(server.url, c)));
  await new Promise((r) => setTimeout(r, 3000)); // past the snapshots
  for (const c of cases) c.counter = zero();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const perMin = (n: number): number => (n * 60) / seconds;
  console.log(`300 instruments × 20/s, ${seconds} s window; DAY_MARKET (+ ${TRADE_KLINE} on trade) frames received`);
  for (const screen of screens) {
    const mine = cases.filter((c) => c.screen === screen);
    const normal = mine[0]?.counter.bytes ?? 0;
    for (const c of mine) {
      const k = c.counter;
      const ratio = (normal / Math.max(1, k.bytes)).toFixed(1);
      console.log(
        `${screen.padEnd(7)} ${c.mode.padEnd(26)} ${(perMin(k.bytes) / 1e6).toFixed(3).padStart(8)} MB/min ${perMin(k.frames).toFixed(0).padStart(6)} frames/min ${perMin(k.quotes).toFixed(0).padStart(8)} quotes/min  ${ratio}× fewer than normal`,
      );
    }
  }
  for (const s of sockets) s.close();
} finally {
  await server.stop();
}
