// @vitest-environment node
// The per-update split of a profile trace (bench/render/update-split.ts): phases per painted update scaled to the
// thread's CPU time, the counts behind them, sampled self time by function, and what a long task was made of.
import { describe, expect, it } from 'vitest';
import { MARK_END, MARK_START, type TraceEvent } from '../../../../bench/render/trace.ts';
import { longTaskContents, sampledSelf, updateSplit } from '../../../../bench/render/update-split.ts';

const PAGE = 10;
const meta = (tid: number, name: string): TraceEvent => ({
  pid: PAGE,
  tid,
  ts: 0,
  ph: 'M',
  name: 'thread_name',
  args: { name },
});
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
const mark = (name: string, atMs: number): TraceEvent => ({ pid: PAGE, tid: 1, ts: atMs * 1000, ph: 'R', name });

describe('update split', () => {
  const events: TraceEvent[] = [
    meta(1, 'CrRendererMain'),
    mark(MARK_START, 1000),
    mark(MARK_END, 2000),
    // Two updates: a message task (script) and a frame (style, layout, paint) each; the second frame waited for the core.
    x('RunTask', 1100, 4, undefined, 4),
    x('FunctionCall', 1100, 4, { data: { functionName: 'onBatch', url: 'http://x/app.js' } }),
    x('RunTask', 1110, 6, undefined, 6),
    x('UpdateLayoutTree', 1110, 1, { elementCount: 3 }),
    x('Layout', 1111, 2, { beginData: { dirtyObjects: 7 } }),
    x('Paint', 1113, 3),
    x('RunTask', 1500, 4, undefined, 4),
    x('FunctionCall', 1500, 4, { data: { functionName: 'onBatch', url: 'http://x/app.js' } }),
    x('RunTask', 1510, 12, undefined, 6), // 12 ms wall, 6 ms CPU
    x('UpdateLayoutTree', 1510, 2, { elementCount: 5 }),
    x('Layout', 1512, 4, { beginData: { dirtyObjects: 9 } }),
    x('Paint', 1516, 6),
  ];

  it('splits the main thread per painted update, scaled to its CPU time, with the counts behind it', () => {
    const s = updateSplit(events, 2);
    expect(s).not.toBeNull();
    expect(s?.mainCpuMs).toBe(10); // (4 + 6 + 4 + 6) / 2
    // Wall 26 ms = script 8, style 3, layout 6, paint 9; scaled by 20/26 and halved.
    expect(s?.phaseMs.script).toBeCloseTo((8 * 20) / 26 / 2);
    expect(s?.phaseMs.paint).toBeCloseTo((9 * 20) / 26 / 2);
    const sum = Object.values(s?.phaseMs ?? {}).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(10);
    expect(s?.counts).toMatchObject({
      styleRecalcs: 1,
      styleElements: 4,
      layouts: 1,
      layoutObjects: 8,
      paints: 1,
      tasks: 2,
    });
    expect(s?.longTasks).toEqual([]);
  });

  it('has nothing to say without updates or without the window marks', () => {
    expect(updateSplit(events, 0)).toBeNull();
    expect(
      updateSplit(
        events.filter((e) => e.name !== MARK_END),
        2,
      ),
    ).toBeNull();
  });

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

  it('sums the sampling profiler self time per function of one thread inside the window', () => {
    const profile: TraceEvent[] = [
      { pid: PAGE, tid: 1, ts: 0, ph: 'P', name: 'Profile', args: { data: { startTime: 0 } }, ...{ id: '0x1' } },
      {
        pid: PAGE,
        tid: 99,
        ts: 0,
        ph: 'P',
        name: 'ProfileChunk',
        ...{ id: '0x1' },
        args: {
          data: {
            cpuProfile: {
              nodes: [
                { id: 1, callFrame: { functionName: '(root)', url: '' } },
                { id: 2, parent: 1, callFrame: { functionName: 'apply', url: 'http://x/a.js?v=1', lineNumber: 9 } },
              ],
              samples: [2, 2, 1, 2],
            },
            timeDeltas: [1000, 1000, 1000, 5000], // µs: samples at 1, 2, 3 and 8 ms
          },
        },
      },
    ];
    const self = sampledSelf(profile, PAGE, 1, 0, 5);
    expect(self.get('apply a.js:10')).toBe(2);
    expect(self.get('(root)')).toBe(1);
  });
});
