// Colours go through a canvas context so any CSS colour syntax reaches the chart as rgb/hex.
import type { DeepPartial, ChartOptions, ITimeScaleApi, Time } from 'lightweight-charts';
import type { CandlestickSeriesPartialOptions } from 'lightweight-charts';
import { ColorType, CrosshairMode, TickMarkType } from 'lightweight-charts';
import { BAR_TIME_OPTIONS } from '../../domain/wire-time.ts';
import { PRICE_SCALE_PX, CHART_FONT_FAMILY, CHART_FONT_SIZE } from './chart-picture.ts';
import { formatDate } from '../i18n/format.ts';

let probe: CanvasRenderingContext2D | null | undefined;

function normalise(colour: string, fallback: string): string {
  if (colour === '') return fallback;
  if (probe === undefined) {
    probe = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  if (!probe) return colour;
  probe.fillStyle = fallback;
  probe.fillStyle = colour; // an unparsable colour leaves the fallback in place
  return String(probe.fillStyle);
}

/** One computed style for all: each getComputedStyle call is a style lookup of its own. */
function varsOf(el: Element): (name: string, fallback: string) => string {
  const style = getComputedStyle(el);
  return (name, fallback) => normalise(style.getPropertyValue(name).trim(), fallback);
}

export interface ChartColours {
  background: string;
  text: string;
  grid: string;
  up: string;
  down: string;
}

export function readChartColours(el: Element): ChartColours {
  const v = varsOf(el);
  return {
    background: v('--surface', '#ffffff'),
    text: v('--text-muted', '#6b7280'),
    grid: v('--border', '#e5e7eb'),
    up: v('--up', '#16a34a'),
    down: v('--down', '#dc2626'),
  };
}

/** The trader's own price line. */
export function readAccent(el: Element): string {
  return varsOf(el)('--accent', '#2b64f5');
}

/** --ind-0 … --ind-5 in candle-chart.css, per theme. */
export function readIndicatorTones(el: Element, c: ChartColours): { tones: string[]; up: string; down: string } {
  const fallback = ['#8a6100', '#b0157f', '#2257e0', '#00796b', '#6b3fc9', '#b3470f'];
  const v = varsOf(el);
  return { tones: fallback.map((f, i) => v(`--ind-${i}`, f)), up: c.up, down: c.down };
}

function asDate(time: Time): Date | null {
  return typeof time === 'number' ? new Date(time * 1000) : null;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** The chart's own default is UTC. */
function tickMark(time: Time, type: TickMarkType): string | null {
  const d = asDate(time);
  if (!d) return null;
  switch (type) {
    case TickMarkType.Year:
      return String(d.getFullYear());
    case TickMarkType.Month:
    case TickMarkType.DayOfMonth:
      return `${two(d.getMonth() + 1)}-${two(d.getDate())}`;
    case TickMarkType.Time:
      return `${two(d.getHours())}:${two(d.getMinutes())}`;
    case TickMarkType.TimeWithSeconds:
      return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    default:
      return null;
  }
}

/** formatDate, like every list and sheet, isolated as `<bdi dir="auto">` is: the canvas draws it left to right, and
 * Arabic's marks would otherwise reorder its figures. */
function crosshairTime(time: Time): string {
  const d = asDate(time);
  return d ? `\u2068${formatDate(d, BAR_TIME_OPTIONS)}\u2069` : '';
}

/** More than half the widest time label at the default 6 px spacing. */
export const CHART_RIGHT_OFFSET_BARS = 8;

export function chartOptions(c: ChartColours, reducedMotion = false): DeepPartial<ChartOptions> {
  return {
    kineticScroll: { touch: !reducedMotion, mouse: false },
    layout: {
      background: { type: ColorType.Solid, color: c.background },
      textColor: c.text,
      fontSize: CHART_FONT_SIZE,
      fontFamily: CHART_FONT_FAMILY,
    },
    grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
    // Fixed, wide enough for "67250.00", so the scale does not widen when the first bars arrive (lazy-chart.tsx).
    rightPriceScale: { borderColor: c.grid, minimumWidth: PRICE_SCALE_PX },
    // In bars, not rightOffsetPixels: scrollToRealTime() after every reset honours only rightOffset.
    timeScale: {
      borderColor: c.grid,
      timeVisible: true,
      secondsVisible: false,
      tickMarkFormatter: tickMark,
      rightOffset: CHART_RIGHT_OFFSET_BARS,
    },
    localization: { timeFormatter: crosshairTime },
    // Follows the pointer, not the close: a click offers an alert at the label's price (chart-price-pick.tsx).
    crosshair: { mode: CrosshairMode.Normal },
    // Vertical finger drags scroll the page; the chart only takes horizontal drags and pinches.
    handleScroll: { mouseWheel: true, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
    handleScale: { axisPressedMouseMove: { time: true, price: false }, mouseWheel: true, pinch: true },
  };
}

export function seriesOptions(c: ChartColours, precision: number): CandlestickSeriesPartialOptions {
  const places = Math.max(0, Math.min(precision, 12));
  return {
    upColor: c.up,
    downColor: c.down,
    borderUpColor: c.up,
    borderDownColor: c.down,
    wickUpColor: c.up,
    wickDownColor: c.down,
    priceFormat: { type: 'price', precision: places, minMove: 1 / 10 ** places },
  };
}

/** Jumps under reduced motion. */
export function scrollToNewest(
  timeScale: Pick<ITimeScaleApi<Time>, 'scrollToRealTime' | 'scrollToPosition'>,
  reducedMotion: boolean,
): void {
  if (reducedMotion) timeScale.scrollToPosition(CHART_RIGHT_OFFSET_BARS, false);
  else timeScale.scrollToRealTime();
}
