// The render cases and how long each runs in the full and the quick profile. Every case alternates worker and main
// runs (A B A B …) in fresh browser contexts against one server started with the case's load.
import type { ScreenName } from './run-one.ts';

export interface RenderCase {
  id: string;
  label: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  throttle: number;
  /** SIM_INSTRUMENTS and SIM_HZ of the server. */
  instruments: number;
  hz: number;
  screens: ScreenName[];
  pairs: number;
  warmupMs: number;
  measureMs: number;
  /** The quiet window after each measured one (rAF loop stopped, main-thread busy only); 0 = none. */
  quietMs: number;
  /**
   * Further windows measured in the same page right after this case's own, throttle switched and warmed up again:
   * the phone at 4× follows the phone at 6× on the market list, which saves a page load per run.
   */
  followUps: FollowUp[];
}

export interface FollowUp {
  id: string;
  label: string;
  throttle: number;
  screens: ScreenName[];
  /** Its own window lengths; the case's when absent. */
  warmupMs?: number;
  measureMs?: number;
  quietMs?: number;
}

export type Profile = 'full' | 'quick';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

export function renderCases(profile: Profile): RenderCase[] {
  const full = profile === 'full';
  // Quick: two pairs and 2 s + 6 s windows keep `--quick` under 5 minutes on the 2-core reference machine.
  const timing = full ? { pairs: 5, warmupMs: 5_000, measureMs: 20_000 } : { pairs: 2, warmupMs: 2_000, measureMs: 6_000 };
  // The busy target is a phone target: only the phone windows get a quiet window (and a floor measurement).
  const quietMs = full ? 8_000 : 3_000;
  // The steady-state figure (issue 15, goal 3): main-thread CPU per second at 1×, from the trace with the rAF probe
  // off. Unthrottled it does not swing with the machine's load the way the 6× figures do; measured in the same page
  // right after the 6× window, on both screens, in short windows.
  const phone1: FollowUp = {
    id: 'phone-1x',
    label: 'phone 360×740, 1 core, 1× (no throttle), 300 × 20/s: main-thread CPU per second (after the 6× window)',
    throttle: 1,
    screens: ['market', 'trade'],
    warmupMs: full ? 2_000 : 1_000,
    measureMs: full ? 6_000 : 3_000,
    quietMs: full ? 6_000 : 3_000,
  };
  const phone6: RenderCase = {
    id: 'phone-6x',
    label: 'phone 360×740, 1 core, 6× throttle, 300 × 20/s',
    viewport: PHONE, mobile: true, throttle: 6, instruments: 300, hz: 20, screens: ['market', 'trade'], ...timing, quietMs,
    // The 4× phone is measured on the market list only, after the 6× window: the full run stays near 30 minutes.
    followUps: full
      ? [{ id: 'phone-4x', label: 'phone 360×740, 1 core, 4× throttle, 300 × 20/s (after the 6× window)', throttle: 4, screens: ['market'] }, phone1]
      : [phone1],
  };
  // What the worker is for (issue 15, goal 2): a market far busier than the phone can paint. The worker conflates it
  // to the paint cadence; the main-thread mode has to parse every tick beside the painting. Fewer, shorter windows.
  const stress: RenderCase = {
    id: 'phone-6x-stress',
    label: 'phone 360×740, 1 core, 6× throttle, 2,000 × 20/s (stress)',
    viewport: PHONE, mobile: true, throttle: 6, instruments: 2000, hz: 20, screens: ['market', 'trade'],
    pairs: full ? 2 : 1,
    warmupMs: full ? 4_000 : 2_000,
    measureMs: full ? 10_000 : 5_000,
    quietMs: 0,
    followUps: [],
  };
  const desktop: RenderCase = {
    id: 'desktop-1x-5k',
    label: 'desktop 1280×800, 1 core, 1×, 5,000 × 20/s',
    viewport: DESKTOP, mobile: false, throttle: 1, instruments: 5000, hz: 20, screens: ['desk'],
    ...timing,
    quietMs: 0,
    pairs: full ? 3 : 1,
    followUps: [],
  };
  return [phone6, stress, desktop];
}

/** Every case id a profile can produce (its cases and their follow-ups), with its label. */
export function caseLabels(cases: readonly RenderCase[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of cases) {
    out[c.id] = c.label;
    for (const f of c.followUps) out[f.id] = f.label;
  }
  return out;
}
