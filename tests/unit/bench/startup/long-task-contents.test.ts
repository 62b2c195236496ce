// @vitest-environment node
// What a long task of a trace was made of (bench/startup/task-split-parse.ts), by self time.
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../../bench/render/trace.ts';
import { longTaskContents } from '../../../../bench/startup/task-split-parse.ts';

const PAGE = 10;
const x = (
  name: string,
  startMs: number,
  durMs: number,
  args?: Record<string, unknown>,
  tdurMs?: number,
): TraceEvent => ({
  pid: PAGE,
  tid: 1,
  ts: startMs * 1000,
  dur: durMs * 1000,
  ph: 'X',
  name,
  ...(tdurMs === undefined ? {} : { tdur: tdurMs * 1000 }),
  ...(args ? { args } : {}),
});

describe('long task contents', () => {
  it('names what a long task was made of, by self time, and ignores short tasks', () => {
    const long: TraceEvent[] = [
      x('RunTask', 100, 80, undefined, 70),
      x('FunctionCall', 100, 60, { data: { functionName: 'flushSync', url: 'http://x/assets/react.js' } }),
      x('UpdateLayoutTree', 130, 20), // nested in the call: its 20 ms are not the call's own
      x('Layout', 160, 15),
      x('RunTask', 300, 10),
    ];
    const out = longTaskContents(long, 0, 1000);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ at: 100, wallMs: 80, cpuMs: 70 });
    expect(out[0]?.inside).toEqual([
      { name: 'FunctionCall flushSync react.js', ms: 40 },
      { name: 'UpdateLayoutTree', ms: 20 },
      { name: 'Layout', ms: 15 },
    ]);
  });
});
