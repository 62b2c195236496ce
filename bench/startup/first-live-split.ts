// Where the time between the first paint and the first live frame of a first visit goes (bench/README.md "Start-up",
// the first live frame): the moments a load recorded, as ms from its navigation start, cut into consecutive phases.
// Pure, so the cut is tested on recorded moments (tests/unit/bench/startup/first-live-split.test.ts).

/** What one load recorded, in ms from its navigation start; null when it did not happen within the window. */
export interface FirstLiveMoments {
  /** First contentful paint: the page's own stored or served quotes. */
  firstPaint: number | null;
  /** The feed's socket asked for (the worker started and connected). */
  socketCreated: number | null;
  /** The socket's first frame out: it is open. */
  socketOpen: number | null;
  /** `login` sent and its answer (a signed-in load only). */
  loginSent: number | null;
  loginAnswered: number | null;
  /** `sub DAY_MARKET` sent and acknowledged. */
  subSent: number | null;
  subAcked: number | null;
  /** The server's first DAY_MARKET frame with quotes. */
  firstQuotes: number | null;
  /** A quote on screen turned live (its stale mark gone), and the frame that painted it. */
  liveApplied: number | null;
  liveFrame: number | null;
}

export interface FirstLivePhase {
  name: string;
  ms: number | null;
}

export interface FirstLiveSplit {
  /** First paint → first live frame, the figure the issue asks to bring within about a second. */
  paintToLiveMs: number | null;
  /** Navigation start → first live frame. */
  liveFrameMs: number | null;
  phases: FirstLivePhase[];
}

const span = (from: number | null, to: number | null): number | null =>
  from === null || to === null ? null : Math.max(0, to - from);

/**
 * The phases one after another, each from the end of the one before: the app's start until the worker asks for the
 * socket, its opening, the login (none for a visitor), the subscription, the server's first flush, and the page's
 * frame that shows it.
 */
export function firstLiveSplit(m: FirstLiveMoments): FirstLiveSplit {
  const afterOpen = m.loginAnswered ?? m.socketOpen;
  const phases: FirstLivePhase[] = [
    { name: 'paint → socket asked', ms: span(m.firstPaint, m.socketCreated) },
    { name: 'socket opening', ms: span(m.socketCreated, m.socketOpen) },
    { name: 'login', ms: m.loginSent === null ? null : span(m.socketOpen, m.loginAnswered) },
    { name: 'subscription', ms: span(afterOpen, m.subAcked) },
    { name: "server's first flush", ms: span(m.subAcked ?? m.subSent, m.firstQuotes) },
    { name: 'to the live frame', ms: span(m.firstQuotes, m.liveFrame) },
  ];
  return { paintToLiveMs: span(m.firstPaint, m.liveFrame), liveFrameMs: m.liveFrame, phases };
}

/** The median of the numbers present (null when none). */
export function medianOf(values: ReadonlyArray<number | null>): number | null {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? (xs[mid] ?? null) : ((xs[mid - 1] ?? 0) + (xs[mid] ?? 0)) / 2;
}
