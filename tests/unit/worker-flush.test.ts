// @vitest-environment node
// The worker's flush scheduler: a few ms after the first change (gathering back-to-back server frames) when the last
// batch is at least BATCH_INTERVAL_MS old, else when that interval is over. The page gets at most 10 batches a second
// however often the server sends; what arrives in between is conflated into the waiting batch.
import { describe, expect, it } from 'vitest';
import { BATCH_INTERVAL_MS, GATHER_MS, workerFlush } from '../../workers/feed/browser-deps.ts';

function fakes() {
  let t = 1000;
  const waits: number[] = [];
  const due: (() => void)[] = [];
  const flush = workerFlush(
    () => t,
    (cb, ms) => {
      waits.push(ms);
      due.push(cb);
    },
  );
  return {
    flush,
    waits,
    advance: (ms: number) => void (t += ms),
    runDue: () => due.splice(0).forEach((cb) => cb()),
  };
}

describe('workerFlush', () => {
  it('flushes GATHER_MS after the first change when no batch left recently', () => {
    const f = fakes();
    const ran: string[] = [];
    f.flush(() => ran.push('a'));
    expect(f.waits).toEqual([GATHER_MS]);
    f.runDue();
    expect(ran).toEqual(['a']);
  });

  it('a change soon after a batch waits until BATCH_INTERVAL_MS after it (the server sends every 50 ms)', () => {
    const f = fakes();
    f.flush(() => undefined);
    f.runDue(); // a batch leaves at t
    f.advance(50); // the server's next frame
    f.flush(() => undefined);
    expect(f.waits[1]).toBe(BATCH_INTERVAL_MS - 50);
    f.advance(BATCH_INTERVAL_MS - 50);
    f.runDue(); // the second batch, 100 ms after the first
    f.advance(BATCH_INTERVAL_MS + 1); // quiet for longer than the interval: the next change goes out at once again
    f.flush(() => undefined);
    expect(f.waits[2]).toBe(GATHER_MS);
  });

  it('never waits less than GATHER_MS, so the frames of one server batch still become one', () => {
    const f = fakes();
    f.flush(() => undefined);
    f.runDue();
    f.advance(BATCH_INTERVAL_MS - 1);
    f.flush(() => undefined);
    expect(f.waits[1]).toBe(GATHER_MS);
  });
});
