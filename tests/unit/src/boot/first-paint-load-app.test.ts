// index.html's inline script requests the app's scripts once the first screen has painted (src/boot/first-paint.ts):
// what it reads from the page, what it adds to <head>, and when.
import { afterEach, describe, expect, it } from 'vitest';
import {
  afterFirstPaint,
  APP_SCRIPTS_ID,
  browserFirstPaint,
  PAINT_CAP_MS,
  readAppScripts,
  requestApp,
  type PaintEnv,
} from '../../../../src/boot/first-paint.ts';

function page(json: string): Document {
  document.body.innerHTML = `<script type="application/json" id="${APP_SCRIPTS_ID}">${json}</script>`;
  return document;
}

/** First paints and timers run by hand on a virtual clock. */
function fakeEnv(hidden = false) {
  const paints: (() => void)[] = [];
  let timers: { cb: () => void; at: number }[] = [];
  let now = 0;
  const env: PaintEnv = {
    hidden: () => hidden,
    firstPaint: (cb) => void paints.push(cb),
    timeout: (cb, ms) => void timers.push({ cb, at: now + ms }),
  };
  /** Moves the clock to `to`, running every timer due by then in time order. */
  const advance = (to: number): void => {
    for (;;) {
      const due = timers.filter((t) => t.at <= to).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.cb();
    }
    now = to;
  };
  return { env, paints, advance };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('readAppScripts', () => {
  it('reads the entry and the preloads the build listed', () => {
    expect(readAppScripts(page('{"entry":"./assets/main-1.js","preload":["./assets/react-2.js"]}'))).toEqual({
      entry: './assets/main-1.js',
      preload: ['./assets/react-2.js'],
    });
  });

  it('is null without a list, with broken JSON or without an entry', () => {
    document.body.innerHTML = '';
    expect(readAppScripts(document)).toBeNull();
    expect(readAppScripts(page('{"entry":'))).toBeNull();
    expect(readAppScripts(page('{"preload":[]}'))).toBeNull();
  });
});

describe('requestApp', () => {
  it('adds each preload and then the entry to <head>, crossorigin as the build wrote them', () => {
    // A document whose <head> only records what is added: a real one would try to load the modules.
    const added: Record<string, string>[] = [];
    const doc = {
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (el: Record<string, string>) => void added.push({ ...el }) },
    } as unknown as Document;
    requestApp(doc, { entry: '/assets/main-1.js', preload: ['/assets/react-2.js', '/assets/app-3.js'] });
    expect(added).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/react-2.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/app-3.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/main-1.js' },
    ]);
  });
});

describe('afterFirstPaint', () => {
  it('runs once the first paint is reported, once', () => {
    const f = fakeEnv();
    let runs = 0;
    afterFirstPaint(f.env, () => runs++);
    f.advance(PAINT_CAP_MS - 1);
    expect(runs).toBe(0); // no paint yet
    f.paints.shift()?.();
    expect(runs).toBe(1);
    f.advance(PAINT_CAP_MS * 2); // the cap finds it done
    expect(runs).toBe(1);
  });

  it('runs at the cap when no paint is reported', () => {
    const f = fakeEnv();
    let runs = 0;
    afterFirstPaint(f.env, () => runs++);
    f.advance(PAINT_CAP_MS - 1);
    expect(runs).toBe(0);
    f.advance(PAINT_CAP_MS);
    expect(runs).toBe(1);
    f.paints.shift()?.(); // a late paint runs nothing again
    expect(runs).toBe(1);
  });

  it('runs at once in a hidden page, which paints nothing', () => {
    const f = fakeEnv(true);
    let runs = 0;
    afterFirstPaint(f.env, () => runs++);
    expect(runs).toBe(1);
    expect(f.paints).toHaveLength(0);
  });
});

describe('browserFirstPaint', () => {
  /** A window whose PerformanceObserver delivers the entries handed to `deliver`. */
  function win(types: string[] | undefined) {
    let deliver: (names: string[]) => void = () => undefined;
    let disconnected = false;
    class FakeObserver {
      static supportedEntryTypes = types;
      constructor(private readonly cb: (list: { getEntriesByName: (n: string) => unknown[] }) => void) {
        deliver = (names) => this.cb({ getEntriesByName: (n) => names.filter((x) => x === n) });
      }
      observe(): void {
        if (types?.includes('throws')) throw new TypeError('observe: bad options');
      }
      disconnect(): void {
        disconnected = true;
      }
    }
    return {
      w: { PerformanceObserver: types ? FakeObserver : undefined } as unknown as {
        PerformanceObserver?: typeof PerformanceObserver;
      },
      deliver: (n: string[]) => deliver(n),
      disconnected: () => disconnected,
    };
  }

  it('calls back on the first contentful paint, not on the first (blank) paint, and stops observing', () => {
    const b = win(['paint']);
    let calls = 0;
    browserFirstPaint(
      b.w,
      () => undefined,
      () => undefined,
    )(() => calls++);
    b.deliver(['first-paint']);
    expect(calls).toBe(0);
    b.deliver(['first-contentful-paint']);
    expect(calls).toBe(1);
    expect(b.disconnected()).toBe(true);
  });

  it.each([
    ['without paint entries', ['mark']],
    ['with an observer that refuses the options', ['paint', 'throws']],
  ])('%s, waits for an animation frame and then a task', (_, types) => {
    const b = win(types);
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    let calls = 0;
    browserFirstPaint(
      b.w,
      (cb) => void frames.push(cb),
      (cb) => void tasks.push(cb),
    )(() => calls++);
    expect(tasks).toHaveLength(0);
    frames.shift()?.();
    expect(calls).toBe(0);
    tasks.shift()?.();
    expect(calls).toBe(1);
  });
});
