// The FIX 4.4 LP adapter end to end on loopback against the stand-in LP (tests/fixtures/fix-lp.ts): logon with
// CompIDs and password, heartbeats and test requests, sequence numbers kept across reconnects with resend and gap fill,
// snapshots and incrementals reaching the sink, a reject surfaced, bad input refused without stopping the session, and
// an LP that never answers abandoned at the connect deadline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixSource, loadEngine } from '../../../../server/market/sources/fix/fix-source.ts';
import { fixSettingsFromEnv, type FixSettings } from '../../../../server/market/sources/fix/fix-settings.ts';
import { freePort } from '../../../fixtures/free-port.ts';
import { RecordingSink } from '../../../fixtures/recording-sink.ts';
import { silentPeer } from '../../../fixtures/silent-peer.ts';
import { StandInLp } from '../../../fixtures/fix-lp.ts';
import { localCertificate } from '../../../fixtures/local-certificate.ts';
import { until } from '../../../fixtures/until.ts';

const CONNECT_MS = 876_543;
/** The connect deadlines armed, fired by hand; the back-off is immediate so reconnects need no waiting. */
let deadlines: Array<() => void> = [];
const timers = {
  setTimeout: (fn: () => void, ms: number): unknown => {
    if (ms !== CONNECT_MS) return setTimeout(fn, 0);
    deadlines.push(fn);
    return fn;
  },
  clearTimeout: (h: unknown) => {
    if (typeof h === 'function') deadlines = deadlines.filter((f) => f !== h);
    else clearTimeout(h as NodeJS.Timeout);
  },
  setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
  clearInterval: (h: unknown) => clearInterval(h as NodeJS.Timeout),
};

describe('FIX 4.4 LP source', () => {
  let lp: StandInLp;
  let source: FixSource;
  let sink: RecordingSink;
  let dir: string;
  const dirs: string[] = [];
  let settings: FixSettings;
  const waits = { tries: 1500, stepMs: 5 };

  beforeEach(async () => {
    deadlines = [];
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'fix-store-'));
    dirs.push(dir);
    lp = new StandInLp({ port, rejectSymbols: ['XAU/XAG'], prices: { 'EUR/USD': ['1.08510', '1.08525'] } });
    await lp.start();
    settings = {
      host: '127.0.0.1',
      port,
      senderCompId: 'TICKWISE',
      targetCompId: 'STANDIN-LP',
      password: 'secret',
      heartbeatSecs: 1,
      storeDir: dir,
      resetOnLogon: false,
      backoff: { baseMs: 10, maxMs: 100 },
      connectMs: CONNECT_MS,
    };
    sink = new RecordingSink();
    source = new FixSource(settings, { timers, random: () => 0.5 });
  });

  afterEach(async () => {
    await source.stop();
    await lp.stop();
  });

  // The engine persists sequence numbers without awaiting them: the directories go once every session has settled.
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true, maxRetries: 5 });
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
    expect(deadlines).toEqual([]);
    expect(lp.requests.map((r) => [r.type, r.symbols])).toEqual([
      ['1', ['EUR/USD']],
      ['1', ['GBP/USD']],
    ]);
    expect(sink.last('EUR/USD')).toMatchObject({ bid: '1.08510', ask: '1.08525' });
    lp.quote('EUR/USD', '1.08520', '1.08530');
    await until(() => sink.last('EUR/USD')?.bid === '1.08520', { what: 'the incremental', ...waits });
    expect(sink.last('EUR/USD')).toMatchObject({ ask: '1.08530' });
    expect(Number.isFinite(sink.last('EUR/USD')?.sourceTime)).toBe(true);
  });

  it('surfaces a MarketDataRequestReject for its symbol and keeps quoting the others', async () => {
    source.subscribe(['EUR/USD', 'XAU/XAG']);
    await source.start(sink);
    await until(() => sink.rejects.length > 0 && sink.ticks.length > 0, {
      what: 'the reject',
      ...waits,
      wake: lp.wake,
    });
    expect(sink.rejects).toEqual([['XAU/XAG', 'unknown symbol: unknown symbol XAU/XAG']]);
    lp.quote('EUR/USD', '1.08600', '1.08610');
    await until(() => sink.last('EUR/USD')?.bid === '1.08600', { what: 'a quote after the reject', ...waits });
  });

  it('changes subscriptions when the mapping changes (263=2 for a dropped symbol, 263=1 for a new one)', async () => {
    source.subscribe(['EUR/USD']);
    await source.start(sink);
    await until(() => sink.ticks.length > 0, { what: 'the snapshot', ...waits, wake: lp.wake });
    source.subscribe(['GBP/USD']);
    await until(() => lp.requests.length === 3, { what: 'the new requests', ...waits, wake: lp.wake });
    expect(lp.requests.slice(1).map((r) => [r.type, r.symbols])).toEqual([
      ['2', ['EUR/USD']],
      ['1', ['GBP/USD']],
    ]);
    expect(lp.symbols).toEqual(['GBP/USD']);
  });

  it("sends heartbeats, asks a silent LP with a TestRequest and answers the LP's TestRequest", async () => {
    source.subscribe(['EUR/USD']);
    await source.start(sink);
    await until(() => lp.isLoggedOn && sink.ticks.length > 0, { what: 'logon', ...waits, wake: lp.wake });
    expect(lp.sent('A')[0]?.get(108)).toBe('1');
    lp.testRequest('ping-7');
    await until(() => lp.sent('0').some((m) => m.get(112) === 'ping-7'), {
      what: 'the heartbeat answering ping-7',
      ...waits,
      wake: lp.wake,
    });
    // The stand-in LP never volunteers a heartbeat: past HeartBtInt the client sends its own, and probes the LP.
    await until(() => lp.sent('1').length > 0, {
      what: 'a TestRequest from the client',
      tries: 600,
      stepMs: 10,
      wake: lp.wake,
    });
    await until(() => lp.sent('0').some((m) => m.get(112) !== 'ping-7'), {
      what: 'a heartbeat of its own',
      tries: 600,
      stepMs: 10,
      wake: lp.wake,
    });
    expect(sink.connections.filter(([up]) => !up)).toEqual([]);
  });

  it('asks for a resend when the LP skips sequence numbers, takes the gap fill and goes on quoting', async () => {
    source.subscribe(['EUR/USD']);
    await source.start(sink);
    await until(() => sink.ticks.length > 0, { what: 'the snapshot', ...waits, wake: lp.wake });
    const expected = String(2 + lp.requests.length);
    lp.skip(3);
    lp.quote('EUR/USD', '1.08700', '1.08710');
    await until(() => lp.sent('2').length > 0, { what: 'a ResendRequest', ...waits, wake: lp.wake });
    expect(lp.sent('2')[0]?.get(7)).toBe(expected);
    lp.quote('EUR/USD', '1.08800', '1.08810');
    await until(() => sink.last('EUR/USD')?.bid === '1.08800', { what: 'a quote after the gap fill', ...waits });
    expect(lp.sent('2')).toHaveLength(1);
    expect(sink.connections.filter(([up]) => !up)).toEqual([]);
  });

  it('reconnects after a drop with its sequence numbers kept, and after a restart from the store', async () => {
    source.subscribe(['EUR/USD']);
    await source.start(sink);
    await until(() => sink.ticks.length > 0, { what: 'the snapshot', ...waits, wake: lp.wake });
    lp.drop();
    await until(() => sink.ups === 2 && lp.isLoggedOn, { what: 'the second logon', ...waits, wake: lp.wake });
    expect(sink.connections.map(([up]) => up)).toContain(false);
    expect(lp.logonSeqs[0]).toBe(1);
    expect(lp.logonSeqs[1]).toBeGreaterThan(2);
    await until(() => lp.requests.length === 2, { what: 'the re-subscription', ...waits, wake: lp.wake });
    lp.quote('EUR/USD', '1.09000', '1.09010');
    await until(() => sink.last('EUR/USD')?.bid === '1.09000', { what: 'a quote after the reconnect', ...waits });

    await source.stop();
    const again = new RecordingSink();
    source = new FixSource(settings, { timers, random: () => 0.5 });
    source.subscribe(['EUR/USD']);
    await source.start(again);
    await until(() => again.ups === 1, { what: 'the logon after a restart', ...waits, wake: lp.wake });
    expect(lp.logonSeqs[2]).toBeGreaterThan(lp.logonSeqs[1] ?? 0);
    expect(lp.connections).toBe(3);
  });

  it("backs off with jitter while the LP refuses the logon, with the LP's reason shown", async () => {
    const waitsMs: number[] = [];
    const counting = {
      ...timers,
      setTimeout: (fn: () => void, ms: number) => {
        if (ms !== CONNECT_MS) waitsMs.push(ms);
        return timers.setTimeout(fn, ms);
      },
    };
    source = new FixSource({ ...settings, password: 'wrong' }, { timers: counting, random: () => 1 });
    await source.start(sink);
    await until(() => waitsMs.length >= 3, { what: 'three back-offs', ...waits, wake: lp.wake });
    expect(waitsMs.slice(0, 3)).toEqual([10, 20, 40]);
    expect(sink.connections.find(([up, d]) => !up && d.includes('logon refused'))).toBeDefined();
    expect(sink.ups).toBe(0);
  });

  it('abandons an LP that takes the connection but never answers the logon, closing it, and tries again', async () => {
    const peer = await silentPeer();
    const port = peer.port;
    try {
      source = new FixSource({ ...settings, port }, { timers, random: () => 0.5 });
      source.subscribe(['EUR/USD']);
      await source.start(sink);
      await until(() => peer.accepted() === 1 && deadlines.length === 1, { what: 'the first attempt', ...waits });
      deadlines[0]?.();
      await until(() => peer.closed() === 1 && peer.accepted() === 2, {
        what: 'the socket closed, a new try',
        ...waits,
      });
      expect(sink.connections.map(([up, detail]) => [up, detail])).toContainEqual([
        false,
        `127.0.0.1:${port}: no logon within ${CONNECT_MS} ms`,
      ]);
      expect(sink.ups).toBe(0);
      // Stopping while the second attempt waits for its logon closes that socket too.
      await source.stop();
      await until(() => peer.closed() === 2, { what: 'the pending attempt closed by the stop', ...waits });
    } finally {
      await source.stop();
      await peer.stop();
    }
  });

  it('arms the first logon deadline only once the FIX engine has loaded', async () => {
    let loaded = (): void => undefined;
    const gate = new Promise<void>((resolve) => (loaded = resolve));
    source = new FixSource(settings, {
      timers,
      random: () => 0.5,
      load: async () => {
        await gate;
        return loadEngine();
      },
    });
    source.subscribe(['EUR/USD']);
    const starting = source.start(sink);
    await new Promise((resolve) => setImmediate(resolve));
    expect(deadlines).toEqual([]);
    expect(lp.sent('A')).toEqual([]);
    loaded();
    await starting;
    expect(deadlines).toHaveLength(1);
    await until(() => sink.ups === 1, { what: 'the logon', ...waits, wake: lp.wake });
    expect(deadlines).toEqual([]);
  });

  it('counts a bad checksum and a garbled frame as malformed, passes odd prices to the writer, and never stops', async () => {
    source.subscribe(['EUR/USD']);
    await source.start(sink);
    await until(() => sink.ticks.length > 0, { what: 'the snapshot', ...waits, wake: lp.wake });
    lp.send(
      'X',
      [
        [262, 'md'],
        [268, 1],
        [279, 1],
        [269, 0],
        [55, 'EUR/USD'],
        [270, '9.99999'],
      ],
      true,
    );
    lp.quote('EUR/USD', '1.08900', '1.08800');
    lp.quote('EUR/USD', '0', '1.08800');
    lp.quote('EUR/USD', '108800.00000', '108800.00010');
    lp.raw('8=FIX.4.4\u00019=20\u000135=X\u0001garbage\u000110=000\u0001');
    lp.quote('EUR/USD', '1.08910', '1.08920');
    await until(() => sink.last('EUR/USD')?.bid === '1.08910', { what: 'the good quote after the bad ones', ...waits });
    expect(sink.malformedReasons).toEqual([
      expect.stringMatching(/^X checksum failed/),
      expect.stringMatching(/^X checksum failed: received 0,/),
    ]);
    // The garbled message used no sequence number: the next one showed the gap, and the client asked once to fill it.
    await until(() => lp.sent('2').length > 0, { what: 'the ResendRequest', ...waits, wake: lp.wake });
    expect(lp.sent('2')).toHaveLength(1);
    expect(sink.ticks.some((t) => t.bid === '9.99999')).toBe(false);
    // Crossed, zero and absurd prices are the writer's to refuse (feed health): the adapter passes the text as sent.
    expect(sink.ticks.map((t) => t.bid)).toEqual(expect.arrayContaining(['1.08900', '0', '108800.00000']));
    expect(sink.connections.filter(([up]) => !up)).toEqual([]);
  });
});

// TLS to the LP, set up as an operator does (FIX_TLS_CA names the LP's CA file): the logon goes over TLS; an LP whose
// certificate the source cannot verify never sees the logon, so never the password.
describe('FIX 4.4 LP source over TLS', () => {
  const certDir = mkdtempSync(join(tmpdir(), 'fix-tls-'));
  const pem = localCertificate(certDir);
  let lp: StandInLp;
  let source: FixSource | undefined;
  let env: Record<string, string>;
  let sink: RecordingSink;
  const waits = { tries: 1500, stepMs: 5 };

  beforeAll(async () => {
    const port = await freePort();
    lp = new StandInLp({ port, tls: pem, prices: { 'EUR/USD': ['1.08510', '1.08525'] } });
    await lp.start();
    env = {
      FIX_HOST: '127.0.0.1',
      FIX_PORT: String(port),
      FIX_SENDER_COMP_ID: 'TICKWISE',
      FIX_TARGET_COMP_ID: 'STANDIN-LP',
      FIX_PASSWORD: 'secret',
      FIX_STORE_DIR: certDir,
      FIX_RECONNECT_MS: '10',
      FIX_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
    };
  });
  beforeEach(() => {
    sink = new RecordingSink();
  });
  afterEach(async () => {
    await source?.stop();
  });
  afterAll(async () => {
    await lp.stop();
    rmSync(certDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it("logs on over TLS when FIX_TLS_CA names the LP's authority, and quotes", async () => {
    const settings = fixSettingsFromEnv({ ...env, FIX_TLS_CA: join(certDir, 'cert.pem') });
    expect(settings?.tls?.ca).toBe(pem.cert.toString('utf8'));
    source = new FixSource(settings as FixSettings, { timers, random: () => 0.5 });
    source.subscribe(['EUR/USD']);
    await source.start(sink);
    await until(() => sink.last('EUR/USD')?.bid === '1.08510', {
      what: 'the snapshot over TLS',
      ...waits,
      wake: lp.wake,
    });
    expect(lp.sent('A')[0]?.get(554)).toBe('secret');
  });

  it('refuses an LP whose certificate it cannot verify, before the logon and its password', async () => {
    const before = lp.received.length;
    const failures: number[] = [];
    const counting = {
      ...timers,
      setTimeout: (fn: () => void, ms: number) => {
        if (ms !== CONNECT_MS) failures.push(1);
        return timers.setTimeout(fn, ms);
      },
    };
    source = new FixSource(fixSettingsFromEnv({ ...env, FIX_TLS: '1' }) as FixSettings, {
      timers: counting,
      random: () => 1,
    });
    source.subscribe(['EUR/USD']);
    await source.start(sink);
    await until(() => failures.length >= 3, { what: 'three refused handshakes', ...waits });
    expect(lp.received.slice(before)).toEqual([]);
    expect(sink.connections.map(([, detail]) => detail)).toContainEqual(
      expect.stringContaining('self-signed certificate'),
    );
    expect(sink.ups).toBe(0);
  });

  it('refuses settings it cannot use, naming the variable', () => {
    expect(() => fixSettingsFromEnv({ ...env, FIX_TLS_CA: join(certDir, 'missing.pem') })).toThrow(
      'FIX_TLS_CA: cannot read',
    );
    expect(() => fixSettingsFromEnv({ ...env, FIX_TLS_CERT: join(certDir, 'cert.pem') })).toThrow(
      'FIX_TLS_CERT and FIX_TLS_KEY go together',
    );
    expect(() => fixSettingsFromEnv({ ...env, FIX_TLS: 'yes' })).toThrow('FIX_TLS must be 1 or 0, got "yes"');
    expect(fixSettingsFromEnv(env)?.tls).toBeUndefined();
    expect(fixSettingsFromEnv({ ...env, FIX_TLS: '0' })?.tls).toBeUndefined();
  });
});
