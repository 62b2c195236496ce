// The render cases: each alternates worker and main runs in fresh contexts against one server started with its load.
import { DESKTOP, PHONE } from '../../tests/e2e/browser.ts';

export type FeedModeName = 'worker' | 'main' | 'floor';
export type ScreenName = 'market' | 'trade' | 'desk';

/** 'default' is what a trader gets; 'candles' and 'four' are the two sides of the indicator cost A/B. */
export type ChartIndicators = 'default' | 'candles' | 'four';

export interface RenderCase {
  id: string;
  label: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  throttle: number;
  /** What alternates per pair: the app's two feed modes and the hand-written floor page (floor-pages.ts). */
  modes: FeedModeName[];
  /** The browser on both cores, so the main thread and the feed worker can run at once. */
  multiCore: boolean;
  instruments: number;
  hz: number;
  screens: ScreenName[];
  pairs: number;
  warmupMs: number;
  measureMs: number;
  /** The quiet window after each measured one (rAF loop stopped, main-thread busy only); 0 = none. */
  quietMs: number;
  /** Further windows measured in the same page after this case's own, which saves a page load per run. */
  followUps: FollowUp[];
  indicators?: ChartIndicators;
}

export type FollowUp = Pick<RenderCase, 'id' | 'label' | 'throttle' | 'screens'> &
  Partial<Pick<RenderCase, 'warmupMs' | 'measureMs' | 'quietMs'>>;

export type Profile = 'full' | 'quick';

const MODES: FeedModeName[] = ['worker', 'main', 'floor'];

export function renderCases(profile: Profile): RenderCase[] {
  const full = profile === 'full';
  // The full profile's windows keep the full run inside its time budget.
  const timing = full
    ? { pairs: 3, warmupMs: 4_000, measureMs: 10_000 }
    : { pairs: 1, warmupMs: 2_000, measureMs: 4_000 };
  const quietMs = full ? 5_000 : 3_000;
  const base = { modes: MODES, multiCore: false, followUps: [] as FollowUp[], hz: 20, quietMs };
  const phone = { ...base, viewport: PHONE, mobile: true };
  // The steady state: task time per update at 1× with the rAF probe off, in the same page after the 6× window.
  const phone1: FollowUp = {
    id: 'phone-1x',
    label: 'phone 360×740, 1 core, 1× (no throttle), 300 × 20/s: main-thread time per update (after the 6× window)',
    throttle: 1,
    screens: ['market', 'trade'],
    warmupMs: full ? 2_000 : 1_000,
    measureMs: full ? 4_000 : 3_000,
    quietMs: full ? 4_000 : 3_000,
  };
  const phone6: RenderCase = {
    ...phone,
    id: 'phone-6x',
    label: 'phone 360×740, 1 core, 6× throttle, 300 × 20/s',
    throttle: 6,
    instruments: 300,
    screens: ['market', 'trade'],
    ...timing,
    followUps: [phone1],
  };
  const busyList = {
    ...phone,
    screens: ['market'] as ScreenName[],
    pairs: full ? 2 : 1,
    measureMs: full ? 8_000 : 4_000,
  };
  // A market far busier than the phone can paint: what the worker is for.
  const stress: RenderCase = {
    ...busyList,
    id: 'phone-6x-stress',
    label: 'phone 360×740, 1 core, 6× throttle, 2,000 × 20/s (stress)',
    throttle: 6,
    instruments: 2000,
    warmupMs: full ? 4_000 : 2_000,
  };
  const multi = (instruments: number): RenderCase => ({
    ...busyList,
    id: `phone-4x-multi-${instruments}`,
    label: `phone 360×740, 2 cores, main thread 4× (CDP), worker capped at 1/4 core (see the README), ${instruments.toLocaleString('en')} × 20/s`,
    throttle: 4,
    instruments,
    multiCore: true,
    warmupMs: full ? 3_000 : 2_000,
  });
  const desktop: RenderCase = {
    ...base,
    id: 'desktop-1x-5k',
    label: 'desktop 1280×800, 1 core, 1×, 5,000 × 20/s',
    viewport: DESKTOP,
    mobile: false,
    throttle: 1,
    instruments: 5000,
    screens: ['desk'],
    ...timing,
    pairs: full ? 2 : 1,
  };
  // The chart's cost, not the feed's home: candles only against MA + BOLL + VOL + MACD, worker mode only.
  const indicatorCase = (indicators: 'candles' | 'four'): RenderCase => ({
    ...phone6,
    id: `phone-6x-trade-${indicators}`,
    label: `phone 360×740, 1 core, 6× throttle, 300 × 20/s, /trade with ${indicators === 'four' ? 'MA + BOLL + VOL + MACD' : 'candles only'}`,
    modes: ['worker'],
    screens: ['trade'],
    pairs: full ? 2 : 1,
    indicators,
    followUps: [
      {
        ...phone1,
        id: `phone-1x-trade-${indicators}`,
        label: `${phone1.label}, /trade with ${indicators === 'four' ? 'MA + BOLL + VOL + MACD' : 'candles only'}`,
        screens: ['trade'],
      },
    ],
  });
  // Ordered by server load, so each load starts one server.
  return [phone6, indicatorCase('candles'), indicatorCase('four'), stress, multi(2000), multi(300), desktop];
}

export const caseLabels = (cases: readonly RenderCase[]): Record<string, string> =>
  Object.fromEntries(cases.flatMap((c) => [c, ...c.followUps]).map((x) => [x.id, x.label]));
