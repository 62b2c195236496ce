// The app's module scripts, requested by index.html's inline script once the first screen has painted. The build
// (scripts/prerender-plugin.ts deferAppScripts) takes the entry and its modulepreload links out of <head> and lists
// them as JSON here instead. Why: the HTML already carries the screen, and a request started before the first paint
// competes with it on a slow link; Lighthouse's simulated first paint counted those ~100 KB of scripts (module
// scripts requested at 64–80 ms against an observed first paint at 162 ms; bench/README.md "Start-up").

export const APP_SCRIPTS_ID = 'tw-app';

export interface AppScripts {
  entry: string; // the app's entry module (src/main.tsx's chunk)
  preload: string[]; // the chunks it imports statically, fetched beside it (<link rel="modulepreload">)
}

export function readAppScripts(doc: Document): AppScripts | null {
  const text = doc.getElementById(APP_SCRIPTS_ID)?.textContent;
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<AppScripts>;
    return typeof v.entry === 'string' && Array.isArray(v.preload)
      ? { entry: v.entry, preload: v.preload.filter((p) => typeof p === 'string') }
      : null;
  } catch {
    return null;
  }
}

/** Adds the preloads and the entry to <head>, as Vite's own tags would have been (crossorigin, so a preload is reused). */
export function requestApp(doc: Document, scripts: AppScripts): void {
  for (const href of scripts.preload) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = scripts.entry;
  doc.head.appendChild(script);
}

export interface PaintEnv {
  hidden: () => boolean; // a page in a background tab paints nothing
  firstPaint: (cb: () => void) => void; // calls back once the page's first contentful paint has been presented
  timeout: (cb: () => void, ms: number) => void;
}

/** However long the first paint is held up (a hidden tab becoming visible late), the app is requested by then. */
export const PAINT_CAP_MS = 1000;

/** Runs `run` once, after the page's first contentful paint: at once in a hidden page, by PAINT_CAP_MS at the latest. */
export function afterFirstPaint(env: PaintEnv, run: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    run();
  };
  if (env.hidden()) return once();
  env.firstPaint(once);
  env.timeout(once, PAINT_CAP_MS);
}

/**
 * The browser's first contentful paint, from the Paint Timing entry (buffered: one already painted counts). The
 * entry carries the frame's presentation time; a task queued from an animation frame would run a frame too early.
 * A browser without paint entries waits for the next frame's paint (an animation frame, then a task).
 */
export function browserFirstPaint(
  win: { PerformanceObserver?: typeof PerformanceObserver },
  frame: (cb: () => void) => void,
  timeout: (cb: () => void, ms: number) => void,
) {
  return (cb: () => void): void => {
    const nextFrame = (): void => frame(() => timeout(cb, 0));
    if (!win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return nextFrame();
    try {
      const po = new win.PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        po.disconnect();
        cb();
      });
      po.observe({ type: 'paint', buffered: true });
    } catch {
      nextFrame(); // an observer that refuses the options (an older engine)
    }
  };
}
