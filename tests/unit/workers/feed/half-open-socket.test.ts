// @vitest-environment node
// A half-open link: the socket was live and answering, then the server stops answering (a kill -9 behind a NAT, a
// dropped route) without any close frame. The worker must notice within 3 heartbeats of the last answer, show
// "reconnecting", and open a fresh socket, on fake time (tests/unit/feed-fakes.ts). "Within 3 heartbeats" is
// counted from the first ping left unanswered (docs/contract.md §9: reconnect when more than 2 pings are unanswered): the
// third silent interval ends the link, 3 × 5 s after that ping, at most 4 beats after the last answer.
import { describe, expect, it } from 'vitest';
import { Feed } from '../../../../workers/feed/feed.ts';
import { PING_INTERVAL_MS } from '../../../../domain/ws-protocol.ts';
import { config, harness, RecordingSink } from '../../feed-fakes.ts';

describe('a half-open socket', () => {
  it('is detected within 3 heartbeats of the last answer and replaced', async () => {
    const h = harness(0.5);
    const feed = new Feed(h.deps);
    const sink = new RecordingSink();
    await feed.start(config({ token: null }), sink);
    const s = h.last();
    s.open();
    // A healthy minute: every ping answered.
    for (let i = 0; i < 12; i++) {
      s.receive({ type: 'pong', t: h.time.now });
      h.time.advance(PING_INTERVAL_MS);
    }
    s.receive({ type: 'pong', t: h.time.now });
    const lastAnswer = h.time.now;
    const firstUnanswered = lastAnswer + PING_INTERVAL_MS;
    // The server goes silent; the socket stays "open" at the TCP level (no close event ever comes).
    let detectedAfter = -1;
    for (let ms = 0; ms <= 5 * PING_INTERVAL_MS; ms += 100) {
      h.time.advance(100);
      if (s.closed) {
        detectedAfter = h.time.now - firstUnanswered;
        break;
      }
    }
    expect(detectedAfter).toBeGreaterThan(2 * PING_INTERVAL_MS); // not on a single late pong
    expect(detectedAfter).toBeLessThanOrEqual(3 * PING_INTERVAL_MS);
    h.frames.run();
    const states = sink.batches.map((b) => b.conn).filter((c) => c !== null);
    expect(states.at(-1)).toBe('reconnecting');
    // A new socket is tried after the backoff, and it is live again once it answers.
    h.time.advance(1000);
    expect(h.sockets.length).toBe(2);
    h.last().open();
    h.last().receive({ type: 'pong', t: h.time.now });
    h.frames.run();
    expect(
      sink.batches
        .map((b) => b.conn)
        .filter((c) => c !== null)
        .at(-1),
    ).toBe('live');
  });
});
