// Sparkline draws wait for a frame and share a per-frame budget, so a list's worth of series arriving together is
// drawn over several frames instead of in one long task; the latest request per canvas wins; an unmounted row's
// waiting draw is dropped.
import { describe, expect, it } from 'vitest';
import { DrawQueue, type Frames } from '../../../../../src/components/sparkline/draw-queue.ts';

/** A fake frame source: frames run when the test says, and each draw advances the fake clock by `drawMs`. */
function fakeFrames(drawMs = 0) {
  let now = 0;
  const waiting: (() => void)[] = [];
  const frames: Frames = { request: (cb) => void waiting.push(cb), now: () => now };
  return {
    frames,
    tick: (ms: number) => (now += ms),
    get waiting() {
      return waiting.length;
    },
    runFrame() {
      const batch = waiting.splice(0);
      for (const cb of batch) cb();
    },
    drawMs,
  };
}

describe('DrawQueue', () => {
  it('draws on the next frame, not at once', () => {
    const f = fakeFrames();
    const q = new DrawQueue(f.frames, 4);
    const drawn: string[] = [];
    q.enqueue({}, () => drawn.push('a'));
    expect(drawn).toEqual([]);
    f.runFrame();
    expect(drawn).toEqual(['a']);
    expect(f.waiting).toBe(0); // nothing left: no frame requested
  });

  it('spends at most its budget per frame and carries the rest over', () => {
    const f = fakeFrames();
    const q = new DrawQueue(f.frames, 4);
    const drawn: number[] = [];
    for (let i = 0; i < 10; i++) q.enqueue({}, () => (drawn.push(i), f.tick(1.5))); // 1.5 ms per draw
    f.runFrame();
    expect(drawn).toEqual([0, 1, 2]); // 4.5 ms ≥ 4: stop
    expect(q.size).toBe(7);
    f.runFrame();
    f.runFrame();
    f.runFrame();
    expect(drawn).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(f.waiting).toBe(0);
  });

  it('a draw slower than the budget still moves the queue one draw per frame', () => {
    const f = fakeFrames();
    const q = new DrawQueue(f.frames, 4);
    const drawn: number[] = [];
    for (let i = 0; i < 3; i++) q.enqueue({}, () => (drawn.push(i), f.tick(20)));
    f.runFrame();
    expect(drawn).toEqual([0]);
    f.runFrame();
    f.runFrame();
    expect(drawn).toEqual([0, 1, 2]);
  });

  it('the latest request for a canvas replaces the waiting one, and cancel drops it', () => {
    const f = fakeFrames();
    const q = new DrawQueue(f.frames, 4);
    const canvasA = {};
    const canvasB = {};
    const drawn: string[] = [];
    q.enqueue(canvasA, () => drawn.push('a1'));
    q.enqueue(canvasB, () => drawn.push('b1'));
    q.enqueue(canvasA, () => drawn.push('a2'));
    q.cancel(canvasB);
    f.runFrame();
    expect(drawn).toEqual(['a2']);
  });
});
