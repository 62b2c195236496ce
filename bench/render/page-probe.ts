// The render bench's page side, injected before the app loads; self-contained because Playwright serialises it.

/** Times in ms on the page's performance clock. */
export interface PageWindow {
  startedAt: number;
  endedAt: number;
  rafs: number[];
  longTasks: { start: number; duration: number }[];
  loafs: { start: number; duration: number; blocking: number }[];
  events: { name: string; interactionId: number; duration: number; start: number }[];
  messages: { at: number; bytes: number }[];
  /** A missing entry type reads as "n/a", not as zero. */
  supports: { longtask: boolean; loaf: boolean; event: boolean };
}

declare global {
  interface Window {
    __twPage?: {
      reset(): void;
      take(): PageWindow;
      /** The loop makes the page render every frame, which costs main-thread time of its own. */
      frames(on: boolean): void;
    };
  }
}

/** Runs in the page: keep it free of imports and outer references. */
export function pageProbe(marks: { start: string; end: string }): void {
  if (window.__twPage) return;
  let startedAt = performance.now();
  let rafs: number[] = [];
  let longTasks: PageWindow['longTasks'] = [];
  let loafs: PageWindow['loafs'] = [];
  let events: PageWindow['events'] = [];
  let messages: PageWindow['messages'] = [];

  let looping = true;
  const loop = (t: number): void => {
    if (!looping) return;
    rafs.push(t);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);

  const supported = PerformanceObserver.supportedEntryTypes;
  const supports = {
    longtask: supported.includes('longtask'),
    loaf: supported.includes('long-animation-frame'),
    event: supported.includes('event'),
  };
  const observers: { po: PerformanceObserver; onEntry: (e: PerformanceEntry) => void }[] = [];
  const observe = (type: string, extra: Record<string, unknown>, onEntry: (e: PerformanceEntry) => void): void => {
    if (!supported.includes(type)) return;
    const po = new PerformanceObserver((list) => list.getEntries().forEach(onEntry));
    po.observe({ type, buffered: true, ...extra });
    observers.push({ po, onEntry });
  };
  observe('longtask', {}, (e) => longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('long-animation-frame', {}, (e) =>
    loafs.push({
      start: e.startTime,
      duration: e.duration,
      blocking: (e as unknown as { blockingDuration?: number }).blockingDuration ?? 0,
    }),
  );
  observe('event', { durationThreshold: 16 }, (e) =>
    events.push({
      name: e.name,
      interactionId: (e as unknown as { interactionId?: number }).interactionId ?? 0,
      duration: e.duration,
      start: e.startTime,
    }),
  );

  // Structured-clone size, estimated: typed arrays and buffers by bytes, strings by length, numbers 8 bytes.
  const sizeOf = (v: unknown, depth: number): number => {
    if (v === null || v === undefined || typeof v === 'boolean') return 1;
    if (typeof v === 'number') return 8;
    if (typeof v === 'string') return v.length + 4;
    if (typeof v !== 'object' || depth > 8) return 0;
    if (ArrayBuffer.isView(v)) return v.byteLength;
    if (v instanceof ArrayBuffer) return v.byteLength;
    if (typeof MessagePort !== 'undefined' && v instanceof MessagePort) return 0;
    let n = 0;
    if (Array.isArray(v)) for (const x of v) n += sizeOf(x, depth + 1);
    else for (const [k, x] of Object.entries(v)) n += k.length + 4 + sizeOf(x, depth + 1);
    return n;
  };
  // Added after the app's own listener, so `at` is when a message was handled; null data is MessageChannel ticks.
  const counted = new WeakSet<EventTarget>();
  const count = (ev: Event): void => {
    const data = (ev as MessageEvent).data as unknown;
    if (data === null || data === undefined) return;
    messages.push({ at: performance.now(), bytes: sizeOf(data, 0) });
  };
  const hook = (proto: { addEventListener: EventTarget['addEventListener'] } | undefined): void => {
    if (!proto) return;
    const original = proto.addEventListener;
    proto.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]) {
      const result = (original as (...a: unknown[]) => void).call(this, type, ...rest);
      if (type === 'message' && !counted.has(this)) {
        counted.add(this);
        (original as (...a: unknown[]) => void).call(this, 'message', count);
      }
      return result;
    };
  };
  hook(typeof Worker !== 'undefined' ? Worker.prototype : undefined);
  hook(typeof MessagePort !== 'undefined' ? MessagePort.prototype : undefined);

  window.__twPage = {
    frames(on) {
      if (on === looping) return;
      looping = on;
      if (on) requestAnimationFrame(loop);
    },
    reset() {
      for (const { po } of observers) po.takeRecords();
      startedAt = performance.now();
      rafs = [];
      longTasks = [];
      loafs = [];
      events = [];
      messages = [];
      performance.mark(marks.start);
    },
    take() {
      performance.mark(marks.end);
      const endedAt = performance.now();
      const inWindow = (t: number): boolean => t >= startedAt && t <= endedAt;
      // Entries still queued in the observers belong to this window too.
      for (const { po, onEntry } of observers) po.takeRecords().forEach(onEntry);
      return {
        startedAt,
        endedAt,
        rafs: rafs.filter(inWindow),
        longTasks: longTasks.filter((e) => inWindow(e.start)),
        loafs: loafs.filter((e) => inWindow(e.start)),
        events: events.filter((e) => inWindow(e.start)),
        messages: messages.filter((m) => inWindow(m.at)),
        supports,
      };
    },
  };
}

/** tsx compiles named functions with an `__name` helper the page lacks. */
export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';
