// @vitest-environment node
// The task split of a page load (bench/startup/task-split-parse.ts): every main-thread task after the first contentful
// paint whose thread CPU time × 4 is over 50 ms.
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../../bench/render/trace.ts';
import { startupTasks } from '../../../../bench/startup/task-split-parse.ts';

const PAGE = 7;
const MAIN = 1;
const task = (startMs: number, wallMs: number, cpuMs: number): TraceEvent => ({
  pid: PAGE,
  tid: MAIN,
  ts: startMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
  ph: 'X',
  name: 'RunTask',
});
const REACT = 'http://127.0.0.1:5000/assets/react-CccVFQFD.js';
const CHART = 'http://127.0.0.1:5000/assets/candle-chart-B8sie2ME.js';
const DOC = 'http://127.0.0.1:5000/';

/** A profile whose samples fall 1 ms apart from `startMs` on, naming the given nodes in turn. */
function profile(startMs: number, samples: number[]): TraceEvent[] {
  return [
    {
      pid: PAGE,
      tid: MAIN,
      ts: 0,
      ph: 'P',
      name: 'Profile',
      args: { data: { startTime: startMs * 1000 } },
      ...{ id: '0x2' },
    },
    {
      pid: PAGE,
      tid: 42,
      ts: 0,
      ph: 'P',
      name: 'ProfileChunk',
      ...{ id: '0x2' },
      args: {
        data: {
          cpuProfile: {
            nodes: [
              { id: 1, callFrame: { functionName: '(root)', url: '' } },
              {
                id: 2,
                parent: 1,
                callFrame: { functionName: 'commitRoot', url: REACT, lineNumber: 0, columnNumber: 10 },
              },
              // A native built-in called from the chart's code counts for the chart's chunk.
              { id: 3, parent: 2, callFrame: { functionName: 'draw', url: CHART, lineNumber: 6, columnNumber: 99 } },
              { id: 4, parent: 3, callFrame: { functionName: 'measureText', url: '' } },
              { id: 5, parent: 1, callFrame: { functionName: '(program)', url: '' } },
              { id: 6, parent: 1, callFrame: { functionName: 'boot', url: DOC, lineNumber: 24, columnNumber: 5 } },
            ],
            samples,
          },
          timeDeltas: samples.map(() => 1000),
        },
      },
    },
  ];
}

describe('startupTasks', () => {
  const events: TraceEvent[] = [
    { pid: PAGE, tid: MAIN, ts: 100_000, ph: 'I', name: 'firstContentfulPaint' },
    task(50, 60, 30), // before the first paint: not counted
    task(110, 30, 20), // 80 ms at 4×, after it
    task(200, 80, 10), // a long wall time but 40 ms at 4×: the machine's wait, not the page's work
    task(300, 20, 14), // 56 ms at 4×, no script sampled in it
    ...profile(110, [2, 3, 4, 4, 6, 5, 3, 2]), // samples at 111 … 118 ms
  ];

  it('lists the tasks after the first paint over 50 ms of thread CPU × 4', () => {
    const split = startupTasks(events);
    expect(split?.fcpMs).toBe(100);
    expect(split?.tasks.map((t) => [t.atMs, t.phoneMs])).toEqual([
      [10, 80],
      [200, 56],
    ]);
    // Σ (phone ms − 50) of those tasks; every task after the first paint in the phone's CPU time.
    expect(split?.blockingMs).toBe(30 + 6);
    expect(split?.phoneCpuMs).toBe(80 + 40 + 56);
  });

  it('has nothing to say about a trace without a first contentful paint', () => {
    expect(startupTasks(events.filter((e) => e.name !== 'firstContentfulPaint'))).toBeNull();
  });
});
