// Graceful shutdown in process: close() ends idle keep-alive connections and open websockets, stops the market,
// closes the database, and is idempotent.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer } from '../support/harness.ts';

/** One keep-alive request that leaves its socket open; resolves when the socket is closed by the server. */
function keepAlive(baseUrl: string): Promise<{ closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/healthz`, { headers: { connection: 'keep-alive' } }, (res) => {
      res.resume();
      res.on('end', () => {
        const socket = req.socket;
        if (!socket) return reject(new Error('no socket after the response'));
        resolve({ closed: new Promise((r) => (socket.destroyed ? r() : socket.once('close', () => r()))) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('server lifecycle', () => {
  it('close() ends open connections, closes the database, and can be called twice', async () => {
    const s = await startTestServer(); // the live market runs: its timers must stop too
    const conn = await keepAlive(s.baseUrl);
    const ws = new WebSocket(s.wsUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const wsClosed = new Promise<void>((r) => ws.once('close', () => r()));
    const rows = await s.ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM schema_migrations');
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);

    await Promise.all([s.close(), s.close()]);
    await conn.closed; // the idle keep-alive socket did not hold the shutdown up
    await wsClosed; // nor did the websocket
    await expect(s.ctx.db.query('SELECT 1')).rejects.toThrow();
    await expect(fetch(`${s.baseUrl}/healthz`)).rejects.toThrow();
  });
});
