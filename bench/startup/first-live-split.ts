// Cuts a first visit's time from first paint to first live frame into phases (bench/README.md "Start-up").

/** null when it did not happen within the window. */
export interface FirstLiveMoments {
  /** The page's own stored or served quotes. */
  firstPaint: number | null;
  /** The worker started and connected. */
  socketCreated: number | null;
  socketOpen: number | null;
  /** A signed-in load only. */
  loginSent: number | null;
  loginAnswered: number | null;
  subSent: number | null;
  subAcked: number | null;
  firstQuotes: number | null;
  /** Its stale mark gone. */
  liveApplied: number | null;
  liveFrame: number | null;
}

export type FirstLiveSplit = ReturnType<typeof firstLiveSplit>;

const span = (from: number | null, to: number | null): number | null =>
  from === null || to === null ? null : Math.max(0, to - from);

/** Each phase from the end of the one before, so the phases add up to the whole: paint → live, within about a second. */
export function firstLiveSplit(m: FirstLiveMoments) {
  const afterOpen = m.loginAnswered ?? m.socketOpen;
  const phases = [
    { name: 'paint → socket asked', ms: span(m.firstPaint, m.socketCreated) },
    { name: 'socket opening', ms: span(m.socketCreated, m.socketOpen) },
    { name: 'login', ms: m.loginSent === null ? null : span(m.socketOpen, m.loginAnswered) },
    { name: 'subscription', ms: span(afterOpen, m.subAcked) },
    { name: "server's first flush", ms: span(m.subAcked ?? m.subSent, m.firstQuotes) },
    { name: 'to the live frame', ms: span(m.firstQuotes, m.liveFrame) },
  ];
  return { paintToLiveMs: span(m.firstPaint, m.liveFrame), liveFrameMs: m.liveFrame, phases };
}
