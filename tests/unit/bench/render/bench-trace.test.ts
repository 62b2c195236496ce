// @vitest-environment node
// The bench's trace reader (bench/render/trace.ts): busy share of the page's main and worker threads between the
// window marks, long tasks clipped to the window, other processes and threads ignored.
import { describe, expect, it } from 'vitest';
import { MARK_END, MARK_START, summariseTrace, type TraceEvent } from '../../../../bench/render/trace.ts';

const PAGE = 10;
const OTHER = 20;
const meta = (pid: number, tid: number, name: string): TraceEvent => ({
  pid,
  tid,
  ts: 0,
  ph: 'M',
  name: 'thread_name',
  args: { name },
});
const task = (pid: number, tid: number, startMs: number, durMs: number, name = 'RunTask'): TraceEvent => ({
  pid,
  tid,
  ts: startMs * 1000,
  dur: durMs * 1000,
  ph: 'X',
  name,
  cat: 'disabled-by-default-devtools.timeline',
});
const mark = (name: string, atMs: number): TraceEvent => ({
  pid: PAGE,
  tid: 1,
  ts: atMs * 1000,
  ph: 'R',
  name,
  cat: 'blink.user_timing',
});

describe('trace summary', () => {
  const events: TraceEvent[] = [
    meta(PAGE, 1, 'CrRendererMain'),
    meta(PAGE, 2, 'DedicatedWorker thread'),
    meta(PAGE, 3, 'Compositor'),
    meta(OTHER, 1, 'CrRendererMain'),
    mark(MARK_START, 1000),
    mark(MARK_END, 2000),
    task(PAGE, 1, 900, 200), // 100 ms inside the window
    task(PAGE, 1, 1200, 30),
    task(PAGE, 1, 1210, 5, 'ThreadControllerImpl::RunTask'), // nested in the previous: counted once
    task(PAGE, 1, 1500, 80), // a long task: 30 ms blocking
    task(PAGE, 1, 1950, 100), // clipped to 50 ms: not long inside the window
    task(PAGE, 2, 1000, 250), // the worker
    task(PAGE, 3, 1000, 900), // the compositor is not the main thread
    task(OTHER, 1, 1000, 1000), // another renderer
  ];

  it('measures busy share of the page main thread and its worker inside the window', () => {
    const s = summariseTrace(events);
    expect(s).not.toBeNull();
    expect(s?.windowMs).toBe(1000);
    expect(s?.main?.busy).toBeCloseTo((100 + 30 + 80 + 50) / 1000, 10);
    expect(s?.worker?.busy).toBeCloseTo(0.25, 10);
  });

  it('counts long tasks by their time inside the window', () => {
    const s = summariseTrace(events);
    // 900–1100 is 100 ms inside (long, 50 blocking); 1500–1580 is 80 ms (30 blocking); 1950–2050 is clipped to 50 ms.
    expect(s?.main?.long).toEqual({ count: 2, tbtMs: 80, maxMs: 100 });
  });

  it('counts thread time once per top-level task, prorated where the window cuts a task', () => {
    const s = summariseTrace(events);
    // Wall time stands in where a task has no thread time: 100 + 30 + 80 + 50 ms, the nested task not again.
    expect(s?.main?.cpuMs).toBeCloseTo(260, 10);
    const timed = events.map((e) => (e.tid === 1 && e.pid === PAGE && e.dur ? { ...e, tdur: e.dur / 2 } : e));
    expect(summariseTrace(timed)?.main?.cpuMs).toBeCloseTo(130, 10);
    // Every thread of the page's renderer: main 260, worker 250, compositor 900; the other renderer not at all.
    expect(s?.rendererCpuMs).toBeCloseTo(1410, 10);
  });

  it('has no worker in main mode and no summary without the marks', () => {
    const noWorker = events.filter((e) => !(e.tid === 2 && e.pid === PAGE));
    expect(summariseTrace(noWorker)?.worker).toBeNull();
    expect(summariseTrace(events.filter((e) => e.name !== MARK_END))).toBeNull();
  });
});
