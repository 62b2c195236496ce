// @vitest-environment node
// The worker's flush scheduler: soon (a few ms, gathering back-to-back frames) when the last flush is a frame old, else on the
// next frame, so batches leave with the least delay and never more than one per frame.
import { describe, expect, it } from 'vitest';
import { FRAME_MS, workerFlush } from '../../workers/feed/browser-deps.ts';

function fakes() {
  let t = 1000;
  const soon: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const flush = workerFlush(
    () => t,
    (cb) => void frames.push(cb),
    (cb) => void soon.push(cb),
  );
  return {
    flush,
    soon,
    frames,
    advance: (ms: number) => void (t += ms),
    run: (q: (() => void)[]) => q.splice(0).forEach((cb) => cb()),
  };
}

describe('workerFlush', () => {
  it('flushes soon, gathering what arrives meanwhile, when nothing left in the last frame', () => {
    const f = fakes();
    const ran: string[] = [];
    f.flush(() => ran.push('a'));
    expect(f.soon).toHaveLength(1);
    expect(f.frames).toHaveLength(0);
    f.run(f.soon);
    expect(ran).toEqual(['a']);
  });

  it('waits for the next frame when the previous flush left less than a frame ago', () => {
    const f = fakes();
    const ran: string[] = [];
    f.flush(() => ran.push('a'));
    f.run(f.soon);
    f.advance(FRAME_MS / 2);
    f.flush(() => ran.push('b'));
    expect(f.soon).toHaveLength(0);
    expect(f.frames).toHaveLength(1);
    f.run(f.frames);
    expect(ran).toEqual(['a', 'b']);
    f.advance(FRAME_MS + 1);
    f.flush(() => ran.push('c')); // a frame after 'b' left: at once again
    expect(f.soon).toHaveLength(1);
  });
});
