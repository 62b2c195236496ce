// Section 4's load generator as its own process, pinned off the server's core; prints one JSON line and exits.
import WebSocket from 'ws';
import { jsonChildMain } from '../lib/json-child.ts';
import { percentile } from '../lib/stats.ts';

export interface LoadSpec {
  /** Client k connects to wsUrls[k mod n]. */
  wsUrls: string[];
  clients: number;
  probes: number;
  connectConcurrency: number;
  settleMs: number;
  measureMs: number;
  /** Connect + settle + measure + close. */
  deadlineMs: number;
}

export type LoadResult = Awaited<ReturnType<typeof runLoad>>;

const MAX_SAMPLES = 200_000;

interface Client {
  ws: WebSocket;
  probe: boolean;
  messages: number;
  bytes: number;
  open: boolean;
}

/**
 * tickLatencyMs includes the hub's flush interval; frameLatencyMs is the receive time − the newest tick in it, the
 * delivery delay of a flush; cpuMs is the generator's own cost beside the servers'.
 */
export async function runLoad(spec: LoadSpec) {
  const started = Date.now();
  const clients: Client[] = [];
  let failed = 0;
  let measuring = false;
  let closedDuringWindow = 0;
  const tickLatencyMs: number[] = [];
  const frameLatencyMs: number[] = [];

  const connectOne = (k: number): Promise<void> =>
    new Promise((resolve) => {
      const probe = k < spec.probes; // probes land on every server in turn
      const ws = new WebSocket(spec.wsUrls[k % spec.wsUrls.length] ?? '', {
        perMessageDeflate: false,
        handshakeTimeout: 10_000,
      });
      const c: Client = { ws, probe, messages: 0, bytes: 0, open: false };
      ws.on('open', () => {
        c.open = true;
        clients.push(c);
        ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
        resolve();
      });
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (!measuring) return;
        c.messages++;
        c.bytes += data.length;
        if (!c.probe || isBinary) return;
        const now = Date.now();
        const msg = JSON.parse(data.toString('utf8')) as { type?: string; data?: unknown };
        if (msg.type !== 'DAY_MARKET' || !Array.isArray(msg.data)) return;
        let newest = 0;
        for (const t of msg.data as unknown[]) {
          if (!Array.isArray(t) || typeof t[3] !== 'number') continue;
          newest = Math.max(newest, t[3]);
          if (tickLatencyMs.length < MAX_SAMPLES) tickLatencyMs.push(now - t[3]);
        }
        if (newest > 0 && frameLatencyMs.length < MAX_SAMPLES) frameLatencyMs.push(now - newest);
      });
      ws.on('close', () => {
        if (c.open && measuring) closedDuringWindow++;
        c.open = false;
      });
      ws.on('error', () => {
        if (!c.open) {
          failed++;
          resolve();
        }
      });
    });

  // Connect in waves so the handshakes do not all land at once.
  for (let i = 0; i < spec.clients && Date.now() - started < spec.deadlineMs / 2; i += spec.connectConcurrency) {
    const wave: Promise<void>[] = [];
    for (let k = i; k < Math.min(spec.clients, i + spec.connectConcurrency); k++) wave.push(connectOne(k));
    await Promise.all(wave);
  }
  const connectMs = Date.now() - started;
  const ping = setInterval(() => {
    for (const c of clients) if (c.open) c.ws.send('{"type":"ping"}');
  }, 5000);
  await new Promise((r) => setTimeout(r, spec.settleMs));
  measuring = true;
  const windowStart = Date.now();
  const cpu0 = process.cpuUsage();
  process.stderr.write('WINDOW_START\n'); // the parent samples the server's CPU and memory at the markers
  await new Promise((r) =>
    setTimeout(r, Math.min(spec.measureMs, Math.max(0, spec.deadlineMs - (windowStart - started)))),
  );
  measuring = false;
  const windowMs = Date.now() - windowStart;
  const cpu = process.cpuUsage(cpu0);
  process.stderr.write('WINDOW_END\n');
  clearInterval(ping);
  for (const c of clients) c.ws.terminate();

  const rates = clients.map((c) => (c.messages * 1000) / windowMs).sort((a, b) => a - b);
  return {
    clients: spec.clients,
    connected: clients.length,
    failed,
    closedDuringWindow,
    windowMs,
    messages: clients.reduce((a, c) => a + c.messages, 0),
    bytes: clients.reduce((a, c) => a + c.bytes, 0),
    perClientMsgsPerSecMedian: percentile(rates, 50) ?? 0, // and the slowest client:
    perClientMsgsPerSecMin: rates[0] ?? 0,
    tickLatencyMs,
    frameLatencyMs,
    connectMs,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}

jsonChildMain('load-client.ts', runLoad);
