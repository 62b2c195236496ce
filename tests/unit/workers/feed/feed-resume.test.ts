// @vitest-environment node
// Resume: after a hidden or frozen spell (a 10-minute hidden tab, a back/forward cache restore) the feed
// marks every quote stale at once, probes its socket, replaces it when it does not answer, and asks the app to
// refetch positions and balance (onOrderGap) — on fake time, against a scripted socket.
import { describe, expect, it } from 'vitest';
import { Feed } from '../../../../workers/feed/feed.ts';
import { PROBE_TIMEOUT_MS } from '../../../../workers/feed/socket-link.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { config, harness, RecordingSink, type Harness } from '../../feed-fakes.ts';

const LIST = [instrument('EURUSD', 1), instrument('GBPUSD', 2)];
const TEN_MINUTES = 10 * 60_000;

/** Signed in, socket open, both quotes fresh; batches cleared. */
async function liveSignedIn(): Promise<{ h: Harness; feed: Feed; sink: RecordingSink }> {
  const h = harness();
  const feed = new Feed(h.deps);
  const sink = new RecordingSink();
  await feed.start(config({ token: 'tok' }), sink);
  await feed.setInstruments(LIST);
  const s = h.last();
  s.open();
  s.receive({ type: 'pong', t: h.time.now });
  s.receive({ type: 'login', ok: true, msg: 'ok' });
  s.receive({
    type: 'DAY_MARKET',
    data: [
      ['EURUSD', '1.10000', '0', h.time.now, 1],
      ['GBPUSD', '1.30000', '0', h.time.now, 1],
    ],
  });
  h.frames.run();
  sink.batches.length = 0;
  return { h, feed, sink };
}

/** Staleness flips sent since the last clear: +i stale, -i fresh (1-based list index). */
function flips(h: Harness, sink: RecordingSink): number[] {
  h.frames.run();
  const out = sink.batches.flatMap((b) => (b.stale ? Array.from(b.stale) : [])).sort((a, b) => a - b);
  sink.batches.length = 0;
  return out;
}

/** A frozen page runs no timers: the clock jumps and nothing fires (the heartbeat never saw the dead link). */
function freeze(h: Harness, ms: number): void {
  h.time.freeze(ms);
}

describe('resume after a 10-minute hidden tab', () => {
  it('a socket that died while frozen: stale at once, replaced after the probe goes unanswered, then refetched', async () => {
    const { h, feed, sink } = await liveSignedIn();
    const s1 = h.last();
    freeze(h, TEN_MINUTES);
    await feed.nudge('resume');
    expect(flips(h, sink)).toEqual([1, 2]); // everything reads stale before the network has said anything
    expect(s1.sent.at(-1)).toEqual({ type: 'ping' }); // the probe
    h.time.advance(PROBE_TIMEOUT_MS - 1);
    expect(s1.closed).toBe(false);
    h.time.advance(1); // no pong within the probe's time: the link is dead
    expect(s1.closed).toBe(true);
    h.time.advance(500); // straight back (attempt 0)
    const s2 = h.last();
    expect(s2).not.toBe(s1);
    s2.open();
    s2.receive({ type: 'pong', t: h.time.now });
    expect(sink.gaps).toBe(0);
    s2.receive({ type: 'login', ok: true, msg: 'ok' });
    expect(sink.gaps).toBe(1); // positions and balance are refetched once, after the new login
    s2.receive({
      type: 'DAY_MARKET',
      data: [
        ['EURUSD', '1.10020', '0', h.time.now, 1],
        ['GBPUSD', '1.30020', '0', h.time.now, 1],
      ],
    });
    expect(flips(h, sink)).toEqual([-2, -1]);
  });

  it('a socket that survived: stale until the probe is answered, then live and refetched on the same socket', async () => {
    const { h, feed, sink } = await liveSignedIn();
    const s1 = h.last();
    freeze(h, TEN_MINUTES);
    await feed.nudge('resume');
    expect(flips(h, sink)).toEqual([1, 2]);
    // Quotes that arrive before the answer do not count as live: the link is not proven yet.
    s1.receive({ type: 'DAY_MARKET', data: [['EURUSD', '1.10010', '0', h.time.now, 1]] });
    expect(flips(h, sink)).toEqual([]);
    s1.receive({ type: 'pong', t: h.time.now });
    expect(sink.gaps).toBe(1);
    // EURUSD ticked a moment ago: fresh. GBPUSD's last tick is 10 minutes old: it stays stale until it ticks.
    expect(flips(h, sink)).toEqual([-1]);
    h.time.advance(PROBE_TIMEOUT_MS);
    expect(s1.closed).toBe(false);
    expect(h.sockets).toHaveLength(1);
  });

  it('signed out: no refetch is asked for', async () => {
    const h = harness();
    const feed = new Feed(h.deps);
    const sink = new RecordingSink();
    await feed.start(config({ token: null }), sink);
    await feed.setInstruments(LIST);
    h.last().open();
    freeze(h, TEN_MINUTES);
    await feed.nudge('resume');
    h.last().receive({ type: 'pong', t: h.time.now });
    expect(sink.gaps).toBe(0);
  });
});

describe('resume from the back/forward cache', () => {
  it('the browser closed the socket while the page sat in the cache: reconnects at once, not after the backoff', async () => {
    const { h, feed, sink } = await liveSignedIn();
    // Several failed attempts while away leave a long backoff pending.
    h.last().drop();
    for (let k = 0; k < 4; k++) {
      h.time.advance(60_000);
      h.last().drop();
    }
    const before = h.sockets.length;
    freeze(h, TEN_MINUTES);
    await feed.nudge('resume'); // pageshow { persisted: true } → feed-root.ts
    expect(h.sockets.length).toBe(before + 1); // no waiting
    h.last().open();
    h.last().receive({ type: 'login', ok: true, msg: 'ok' });
    expect(sink.gaps).toBe(1);
  });
});
