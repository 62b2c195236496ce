// @vitest-environment node
// The fan-out section's figures and targets (bench/lib/report.ts): RSS above idle at 1,000 sockets, and order submits
// keyed and checked per database and concurrency (goal 6 is set on PostgreSQL only).
import { describe, expect, it } from 'vitest';
import type { FanoutResult, FanoutRow, RestResult } from '../../../../bench/fanout/fanout.ts';
import { figuresOf, targetsOf, type Sections } from '../../../../bench/lib/report.ts';

function row(clients: number, over: Partial<FanoutRow> = {}): FanoutRow {
  return {
    clients,
    connected: clients,
    failed: 0,
    closedDuringWindow: 0,
    windowMs: 4000,
    msgsPerSec: 20 * clients,
    mbPerSec: 1,
    perClientMsgsPerSecMedian: 20,
    perClientMsgsPerSecMin: 20,
    tickP50: 40,
    tickP99: 90,
    frameP50: 10,
    frameP99: 30,
    serverCpuPct: 30,
    serverRssMb: 560,
    serverRssAboveIdleMb: 30,
    connectMs: 900,
    error: null,
    ...over,
  };
}

function rest(db: RestResult['db'], concurrency: number, okPerSec: number, p99: number): RestResult {
  return {
    db,
    code: 'EURUSD',
    concurrency,
    requests: okPerSec * 3,
    ok: okPerSec * 3,
    failed: 0,
    firstError: null,
    windowMs: 3000,
    reqPerSec: okPerSec,
    okPerSec,
    p50: p99 / 3,
    p99,
  };
}

function sections(fanout: FanoutResult): Sections {
  return { render: null, micro: null, bundle: null, lighthouse: null, fanout };
}

const fanout: FanoutResult = {
  instruments: 300,
  hz: 20,
  serverCpus: '1',
  clientCpus: '0',
  serverRssIdleMb: 530,
  rows: [row(1000), row(2000, { tickP99: 120, serverRssAboveIdleMb: 60 })],
  rest: [rest('pglite', 8, 190, 120), rest('postgres', 8, 450, 50), rest('postgres', 32, 600, 90)],
};

describe('fan-out figures and targets', () => {
  it('keys submit figures by database and concurrency and records the idle RSS', () => {
    const f = figuresOf(sections(fanout));
    expect(f['rest.submit.pglite.c8.okPerSec']?.value).toBe(190);
    expect(f['rest.submit.postgres.c32.p99']?.value).toBe(90);
    expect(f['fanout.serverRssIdleMb']?.value).toBe(530);
    expect(f['fanout.1000.serverRssAboveIdleMb']?.value).toBe(30);
  });

  it('checks tick p99 at 2,000, RSS above idle at 1,000 and each PostgreSQL concurrency on its own', () => {
    const byId = new Map(targetsOf(sections(fanout)).map((t) => [t.id, t.verdict]));
    expect(byId.get('server.2000.tickP99')).toBe('missed');
    expect(byId.get('server.1000.rssAboveIdle')).toBe('met');
    expect(byId.get('server.submit.postgres.c8.okPerSec')).toBe('missed');
    expect(byId.get('server.submit.postgres.c8.p99')).toBe('met');
    expect(byId.get('server.submit.postgres.c32.okPerSec')).toBe('met');
    expect(byId.get('server.submit.postgres.c32.p99')).toBe('met');
    expect([...byId.keys()].some((id) => id.includes('pglite'))).toBe(false);
  });

  it('has no RSS-above-idle verdict when the idle RSS was not sampled', () => {
    const f = { ...fanout, serverRssIdleMb: null, rows: [row(1000, { serverRssAboveIdleMb: null })] };
    expect(targetsOf(sections(f)).find((t) => t.id === 'server.1000.rssAboveIdle')?.verdict).toBe('n/a');
  });
});
