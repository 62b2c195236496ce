// MT5's CSV exports, read as UTC; prices stay text as written; a bar replays as four ticks over its period.
import type { RawTick } from './price-source.ts';

export interface ReplayRecord extends Omit<RawTick, 'sourceTime'> {
  /** Only the gaps between records matter to the replay. */
  t: number;
}

const DATE = /^(\d{4})[.-](\d{2})[.-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

function parseTime(date: string, time: string | undefined): number | null {
  const d = DATE.exec(date.trim());
  if (!d) return null;
  let [h, m, s, ms] = [d[4], d[5], d[6], d[7]];
  if (time !== undefined && time.trim() !== '') {
    const t = TIME.exec(time.trim());
    if (!t) return null;
    [h, m, s, ms] = [t[1], t[2], t[3], t[4]];
  }
  const v = Date.UTC(
    Number(d[1]),
    Number(d[2]) - 1,
    Number(d[3]),
    Number(h ?? 0),
    Number(m ?? 0),
    Number(s ?? 0),
    Number((ms ?? '0').padEnd(3, '0')),
  );
  return Number.isFinite(v) ? v : null;
}

/** Lines that do not parse are skipped and counted. */
export function parseMt5Csv(text: string, symbol: string): { records: ReplayRecord[]; skipped: number } {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const head = lines[0];
  if (head === undefined) return { records: [], skipped: 0 };
  const sep = head.includes('\t') ? /\t/ : head.includes(';') ? /;/ : /,/;
  const cols = head.split(sep).map((c) => c.trim().replace(/^<|>$/g, '').toUpperCase());
  const at = (name: string): number => cols.indexOf(name);
  const iDate = at('DATE');
  if (iDate < 0) throw new Error(`replay ${symbol}: the first line must name the columns (<DATE> <TIME> …)`);
  const iTime = at('TIME');
  const bars = at('OPEN') >= 0 && at('CLOSE') >= 0;
  const records: ReplayRecord[] = [];
  let skipped = 0;
  const field = (cells: string[], i: number): string | undefined => {
    const v = i >= 0 ? cells[i]?.trim() : undefined;
    return v === undefined || v === '' ? undefined : v;
  };
  const rows: Array<{ t: number; cells: string[] }> = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(sep);
    const t = parseTime(cells[iDate] ?? '', iTime >= 0 ? cells[iTime] : undefined);
    if (t === null) skipped++;
    else rows.push({ t, cells });
  }
  if (!bars) {
    const columns = { bid: at('BID'), ask: at('ASK'), last: at('LAST'), volume: at('VOLUME') };
    for (const { t, cells } of rows) {
      const r: ReplayRecord = { symbol, t };
      for (const [k, i] of Object.entries(columns) as Array<[keyof typeof columns, number]>) {
        const v = field(cells, i);
        if (v !== undefined && (k !== 'volume' || v !== '0')) r[k] = v;
      }
      if (r.bid === undefined && r.ask === undefined && r.last === undefined) skipped++;
      else records.push(r);
    }
    return { records, skipped };
  }
  const [iO, iH, iL, iC, iV] = [at('OPEN'), at('HIGH'), at('LOW'), at('CLOSE'), at('TICKVOL')];
  const first = rows[0];
  const second = rows[1];
  const period = first && second && second.t > first.t ? second.t - first.t : 60_000;
  for (const { t, cells } of rows) {
    const [o, h, l, c] = [field(cells, iO), field(cells, iH), field(cells, iL), field(cells, iC)];
    if (o === undefined || h === undefined || l === undefined || c === undefined) {
      skipped++;
      continue;
    }
    const up = Number(c) >= Number(o);
    const path = up ? [o, l, h, c] : [o, h, l, c];
    const vol = field(cells, iV);
    path.forEach((last, k) => {
      const r: ReplayRecord = { symbol, t: t + Math.floor((period * k) / 4), last };
      if (k === 0 && vol !== undefined && vol !== '0') r.volume = vol;
      records.push(r);
    });
  }
  return { records, skipped };
}
