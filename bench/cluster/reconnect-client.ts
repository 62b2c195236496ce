// Gateway-loss clients as their own process, reconnecting as the app's worker does; READY on stderr once all are live.
import WebSocket from 'ws';
import { jsonChildMain } from '../lib/json-child.ts';
import type { Connection, Drop } from './cluster-stats.ts';

export interface ReconnectSpec {
  wsUrl: string;
  clients: number;
  /** Each one socket, DAY_MARKET and its order events. */
  tokens: string[];
  connectConcurrency: number;
  /** The parent kills a gateway meanwhile. */
  observeMs: number;
  /** Each further attempt waits one more step, as the app's back-off grows. */
  retryMs: number;
  maxAttempts: number;
  deadlineMs: number;
}

export type ReconnectResult = Awaited<ReturnType<typeof runReconnect>>;

interface Slot {
  token: string | null;
  conns: Connection[];
  drop: Drop | null;
  attempts: number;
}

/** `users`: each token's connections, in the order given. */
export async function runReconnect(spec: ReconnectSpec) {
  const started = Date.now();
  const drops: Drop[] = [];
  let failed = 0;
  let observing = false;
  let stopping = false;
  const sockets = new Set<WebSocket>();

  const open = (slot: Slot): Promise<boolean> =>
    new Promise((resolve) => {
      const ws = new WebSocket(spec.wsUrl, { perMessageDeflate: false, handshakeTimeout: 5_000 });
      sockets.add(ws);
      let live = false;
      let conn: Connection | null = null;
      // A front still routing to the dead gateway or a refused login must not stall the slot.
      const giveUp = setTimeout(() => ws.terminate(), 10_000);
      ws.on('open', () => {
        if (slot.token) ws.send(JSON.stringify({ type: 'login', token: slot.token }));
        else ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
      });
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        // Market frames are never parsed: a thousand sockets' worth of JSON.parse would starve this process's timers.
        if (data.toString('latin1', 0, 24).startsWith('{"type":"DAY_MARKET"')) {
          if (!live) {
            live = true;
            clearTimeout(giveUp);
            if (slot.drop && slot.drop.liveAt === null) slot.drop.liveAt = Date.now();
            slot.attempts = 0;
            resolve(true);
          }
          return;
        }
        const m = JSON.parse(data.toString('utf8')) as { type?: string; ok?: boolean; seq?: number };
        if (m.type === 'login' && !m.ok) ws.close();
        else if (m.type === 'login') {
          conn = { ackSeq: m.seq ?? 0, pushes: [] };
          slot.conns.push(conn);
          for (const topic of ['FOREX_TRADE', 'FOREX_CLOSED', 'DAY_MARKET'])
            ws.send(JSON.stringify({ type: 'sub', topic }));
        } else if ((m.type === 'FOREX_TRADE' || m.type === 'FOREX_CLOSED') && typeof m.seq === 'number') {
          conn?.pushes.push(m.seq);
        }
      });
      ws.on('close', () => {
        clearTimeout(giveUp);
        sockets.delete(ws);
        if (!live) {
          resolve(false);
          return;
        }
        if (stopping || !observing) return;
        // A live socket went away: the gateway died.
        slot.drop = { closedAt: Date.now(), liveAt: null };
        drops.push(slot.drop);
        void retry(slot);
      });
      ws.on('error', () => undefined); // 'close' follows
    });

  const retry = async (slot: Slot): Promise<void> => {
    while (!stopping && slot.attempts < spec.maxAttempts) {
      slot.attempts++;
      await new Promise((r) => setTimeout(r, spec.retryMs * slot.attempts * (0.5 + Math.random() / 2)));
      if (stopping || (await open(slot))) return;
    }
  };

  const slots: Slot[] = [
    ...spec.tokens.map((token) => ({ token, conns: [], drop: null, attempts: 0 })),
    ...Array.from({ length: spec.clients }, () => ({ token: null, conns: [], drop: null, attempts: 0 })),
  ];
  let connected = 0;
  for (let i = 0; i < slots.length && Date.now() - started < spec.deadlineMs / 3; i += spec.connectConcurrency) {
    const wave = slots.slice(i, i + spec.connectConcurrency).map(async (s) => {
      if (await open(s)) connected++;
      else failed++;
    });
    await Promise.all(wave);
  }
  observing = true;
  const windowStart = Date.now();
  process.stderr.write('READY\n');
  const ping = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
  }, 5000);
  await new Promise((r) =>
    setTimeout(r, Math.min(spec.observeMs, Math.max(0, spec.deadlineMs - (windowStart - started)))),
  );
  stopping = true;
  const windowEnd = Date.now();
  clearInterval(ping);
  for (const ws of sockets) ws.terminate();
  return {
    connected,
    failed,
    drops,
    gaveUp: drops.filter((d) => d.liveAt === null).length,
    users: slots.slice(0, spec.tokens.length).map((s) => s.conns),
    windowStart,
    windowEnd,
  };
}

jsonChildMain('reconnect-client.ts', runReconnect);
